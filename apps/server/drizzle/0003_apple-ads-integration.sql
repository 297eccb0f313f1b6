CREATE TABLE "ad_accounts" (
	"team_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"ad_account_id" bigint NOT NULL,
	"org_id" bigint NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"time_zone" text NOT NULL,
	"payment_model" text NOT NULL,
	"role_names" text[] NOT NULL,
	CONSTRAINT "ad_accounts_team_id_ad_account_id_pk" PRIMARY KEY("team_id","ad_account_id")
);
--> statement-breakpoint
CREATE TABLE "apple_ads_integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"apple_team_id" text NOT NULL,
	"key_id" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"public_key_pem" text,
	"base_url" text NOT NULL,
	"token_url" text NOT NULL,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"role_name" text NOT NULL,
	"read_only" boolean NOT NULL,
	"demo_mode" boolean DEFAULT false NOT NULL,
	"first_sync_done" boolean DEFAULT false NOT NULL,
	"history_limited" boolean DEFAULT false NOT NULL,
	"deleting_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_apple_ads_keys" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"private_key_sealed" text NOT NULL,
	"public_key_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_groups" (
	"team_id" uuid NOT NULL,
	"ad_account_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"deleted" boolean NOT NULL,
	"modification_time" timestamp with time zone,
	"display_status" text NOT NULL,
	"default_bid_micros" bigint,
	"automated_keywords_opt_in" boolean NOT NULL,
	"targeting_dimensions" jsonb NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	CONSTRAINT "ad_groups_team_id_ad_account_id_id_pk" PRIMARY KEY("team_id","ad_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"team_id" uuid NOT NULL,
	"ad_account_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"ad_group_id" bigint NOT NULL,
	"creative_id" bigint NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"deleted" boolean NOT NULL,
	"modification_time" timestamp with time zone,
	CONSTRAINT "ads_team_id_ad_account_id_id_pk" PRIMARY KEY("team_id","ad_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"team_id" uuid NOT NULL,
	"ad_account_id" bigint NOT NULL,
	"adam_id" bigint NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "apps_team_id_ad_account_id_adam_id_pk" PRIMARY KEY("team_id","ad_account_id","adam_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"team_id" uuid NOT NULL,
	"ad_account_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"adam_id" bigint NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"deleted" boolean NOT NULL,
	"modification_time" timestamp with time zone,
	"display_status" text NOT NULL,
	"serving_state_reasons" text[] NOT NULL,
	"daily_budget_micros" bigint,
	"currency" text NOT NULL,
	"countries_or_regions" text[] NOT NULL,
	"supply_sources" text[] NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	CONSTRAINT "campaigns_team_id_ad_account_id_id_pk" PRIMARY KEY("team_id","ad_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "creatives" (
	"team_id" uuid NOT NULL,
	"ad_account_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"adam_id" bigint,
	"name" text NOT NULL,
	"creative_type" text NOT NULL,
	"product_page_id" text,
	"deleted" boolean NOT NULL,
	CONSTRAINT "creatives_team_id_ad_account_id_id_pk" PRIMARY KEY("team_id","ad_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "keywords" (
	"team_id" uuid NOT NULL,
	"ad_account_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"ad_group_id" bigint NOT NULL,
	"text" text NOT NULL,
	"match_type" text NOT NULL,
	"bid_micros" bigint,
	"status" text NOT NULL,
	"deleted" boolean NOT NULL,
	"modification_time" timestamp with time zone,
	CONSTRAINT "keywords_team_id_ad_account_id_id_pk" PRIMARY KEY("team_id","ad_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "negative_keywords" (
	"team_id" uuid NOT NULL,
	"ad_account_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"ad_group_id" bigint,
	"text" text NOT NULL,
	"match_type" text NOT NULL,
	"status" text NOT NULL,
	"deleted" boolean NOT NULL,
	"modification_time" timestamp with time zone,
	CONSTRAINT "negative_keywords_team_id_ad_account_id_id_pk" PRIMARY KEY("team_id","ad_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_pages" (
	"team_id" uuid NOT NULL,
	"ad_account_id" bigint NOT NULL,
	"id" text NOT NULL,
	"adam_id" bigint NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"deep_link" text,
	CONSTRAINT "product_pages_team_id_ad_account_id_id_pk" PRIMARY KEY("team_id","ad_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "ad_group_report_facts" (
	"team_id" uuid NOT NULL,
	"ad_account_id" bigint NOT NULL,
	"adam_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"grain" text NOT NULL,
	"date" date NOT NULL,
	"ad_group_id" bigint NOT NULL,
	"impressions" integer NOT NULL,
	"taps" integer NOT NULL,
	"tap_installs" integer NOT NULL,
	"view_installs" integer NOT NULL,
	"total_installs" integer NOT NULL,
	"tap_new_downloads" integer NOT NULL,
	"tap_redownloads" integer NOT NULL,
	"view_new_downloads" integer NOT NULL,
	"view_redownloads" integer NOT NULL,
	"local_spend_micros" bigint NOT NULL,
	CONSTRAINT "ad_group_report_facts_team_id_ad_group_id_grain_date_pk" PRIMARY KEY("team_id","ad_group_id","grain","date")
);
--> statement-breakpoint
CREATE TABLE "ad_report_facts" (
	"team_id" uuid NOT NULL,
	"ad_account_id" bigint NOT NULL,
	"adam_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"grain" text NOT NULL,
	"date" date NOT NULL,
	"ad_group_id" bigint NOT NULL,
	"ad_id" bigint NOT NULL,
	"impressions" integer NOT NULL,
	"taps" integer NOT NULL,
	"tap_installs" integer NOT NULL,
	"view_installs" integer NOT NULL,
	"total_installs" integer NOT NULL,
	"tap_new_downloads" integer NOT NULL,
	"tap_redownloads" integer NOT NULL,
	"view_new_downloads" integer NOT NULL,
	"view_redownloads" integer NOT NULL,
	"local_spend_micros" bigint NOT NULL,
	CONSTRAINT "ad_report_facts_team_id_ad_id_grain_date_pk" PRIMARY KEY("team_id","ad_id","grain","date")
);
--> statement-breakpoint
CREATE TABLE "campaign_breakdown_facts" (
	"team_id" uuid NOT NULL,
	"ad_account_id" bigint NOT NULL,
	"adam_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"grain" text NOT NULL,
	"date" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"impressions" integer NOT NULL,
	"taps" integer NOT NULL,
	"tap_installs" integer NOT NULL,
	"view_installs" integer NOT NULL,
	"total_installs" integer NOT NULL,
	"tap_new_downloads" integer NOT NULL,
	"tap_redownloads" integer NOT NULL,
	"view_new_downloads" integer NOT NULL,
	"view_redownloads" integer NOT NULL,
	"local_spend_micros" bigint NOT NULL,
	CONSTRAINT "campaign_breakdown_facts_team_id_campaign_id_dimension_value_grain_date_pk" PRIMARY KEY("team_id","campaign_id","dimension","value","grain","date")
);
--> statement-breakpoint
CREATE TABLE "campaign_report_facts" (
	"team_id" uuid NOT NULL,
	"ad_account_id" bigint NOT NULL,
	"adam_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"grain" text NOT NULL,
	"date" date NOT NULL,
	"impressions" integer NOT NULL,
	"taps" integer NOT NULL,
	"tap_installs" integer NOT NULL,
	"view_installs" integer NOT NULL,
	"total_installs" integer NOT NULL,
	"tap_new_downloads" integer NOT NULL,
	"tap_redownloads" integer NOT NULL,
	"view_new_downloads" integer NOT NULL,
	"view_redownloads" integer NOT NULL,
	"local_spend_micros" bigint NOT NULL,
	CONSTRAINT "campaign_report_facts_team_id_campaign_id_grain_date_pk" PRIMARY KEY("team_id","campaign_id","grain","date")
);
--> statement-breakpoint
CREATE TABLE "keyword_report_facts" (
	"team_id" uuid NOT NULL,
	"ad_account_id" bigint NOT NULL,
	"adam_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"grain" text NOT NULL,
	"date" date NOT NULL,
	"ad_group_id" bigint NOT NULL,
	"keyword_id" bigint NOT NULL,
	"impressions" integer NOT NULL,
	"taps" integer NOT NULL,
	"tap_installs" integer NOT NULL,
	"view_installs" integer NOT NULL,
	"total_installs" integer NOT NULL,
	"tap_new_downloads" integer NOT NULL,
	"tap_redownloads" integer NOT NULL,
	"view_new_downloads" integer NOT NULL,
	"view_redownloads" integer NOT NULL,
	"local_spend_micros" bigint NOT NULL,
	CONSTRAINT "keyword_report_facts_team_id_keyword_id_grain_date_pk" PRIMARY KEY("team_id","keyword_id","grain","date")
);
--> statement-breakpoint
CREATE TABLE "search_term_report_facts" (
	"team_id" uuid NOT NULL,
	"ad_account_id" bigint NOT NULL,
	"adam_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"grain" text NOT NULL,
	"date" date NOT NULL,
	"ad_group_id" bigint NOT NULL,
	"keyword_id" bigint NOT NULL,
	"search_term_text" text NOT NULL,
	"search_term_source" text NOT NULL,
	"impressions" integer NOT NULL,
	"taps" integer NOT NULL,
	"tap_installs" integer NOT NULL,
	"view_installs" integer NOT NULL,
	"total_installs" integer NOT NULL,
	"tap_new_downloads" integer NOT NULL,
	"tap_redownloads" integer NOT NULL,
	"view_new_downloads" integer NOT NULL,
	"view_redownloads" integer NOT NULL,
	"local_spend_micros" bigint NOT NULL,
	CONSTRAINT "search_term_report_facts_team_id_ad_group_id_keyword_id_search_term_text_search_term_source_grain_date_pk" PRIMARY KEY("team_id","ad_group_id","keyword_id","search_term_text","search_term_source","grain","date")
);
--> statement-breakpoint
CREATE TABLE "sync_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"completed_steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"counts" jsonb DEFAULT '{"campaigns":0,"adGroups":0,"keywords":0}'::jsonb NOT NULL,
	"error" text,
	"err_code" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "ad_accounts_integration_idx" ON "ad_accounts" USING btree ("integration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "apple_ads_integrations_team_idx" ON "apple_ads_integrations" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "ad_groups_campaign_idx" ON "ad_groups" USING btree ("team_id","campaign_id");--> statement-breakpoint
CREATE INDEX "ads_ad_group_idx" ON "ads" USING btree ("team_id","ad_group_id");--> statement-breakpoint
CREATE INDEX "campaigns_team_app_idx" ON "campaigns" USING btree ("team_id","adam_id");--> statement-breakpoint
CREATE INDEX "keywords_ad_group_idx" ON "keywords" USING btree ("team_id","ad_group_id");--> statement-breakpoint
CREATE INDEX "negative_keywords_campaign_idx" ON "negative_keywords" USING btree ("team_id","campaign_id");--> statement-breakpoint
CREATE INDEX "ad_group_report_facts_app_idx" ON "ad_group_report_facts" USING btree ("team_id","adam_id","grain","date");--> statement-breakpoint
CREATE INDEX "ad_group_report_facts_campaign_idx" ON "ad_group_report_facts" USING btree ("team_id","campaign_id","grain","date");--> statement-breakpoint
CREATE INDEX "ad_report_facts_app_idx" ON "ad_report_facts" USING btree ("team_id","adam_id","grain","date");--> statement-breakpoint
CREATE INDEX "ad_report_facts_campaign_idx" ON "ad_report_facts" USING btree ("team_id","campaign_id","grain","date");--> statement-breakpoint
CREATE INDEX "campaign_breakdown_facts_app_idx" ON "campaign_breakdown_facts" USING btree ("team_id","adam_id","dimension","grain","date");--> statement-breakpoint
CREATE INDEX "campaign_report_facts_app_idx" ON "campaign_report_facts" USING btree ("team_id","adam_id","grain","date");--> statement-breakpoint
CREATE INDEX "keyword_report_facts_app_idx" ON "keyword_report_facts" USING btree ("team_id","adam_id","grain","date");--> statement-breakpoint
CREATE INDEX "keyword_report_facts_campaign_idx" ON "keyword_report_facts" USING btree ("team_id","campaign_id","grain","date");--> statement-breakpoint
CREATE INDEX "search_term_report_facts_app_idx" ON "search_term_report_facts" USING btree ("team_id","adam_id","grain","date");--> statement-breakpoint
CREATE INDEX "search_term_report_facts_campaign_idx" ON "search_term_report_facts" USING btree ("team_id","campaign_id","grain","date");--> statement-breakpoint
CREATE INDEX "sync_runs_team_started_idx" ON "sync_runs" USING btree ("team_id","started_at");