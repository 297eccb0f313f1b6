CREATE TABLE "impression_share_facts" (
	"team_id" uuid NOT NULL,
	"ad_account_id" bigint NOT NULL,
	"adam_id" bigint NOT NULL,
	"country_or_region" text NOT NULL,
	"search_term" text NOT NULL,
	"day" date NOT NULL,
	"low_share" double precision NOT NULL,
	"high_share" double precision NOT NULL,
	"rank" smallint NOT NULL,
	"search_popularity" smallint NOT NULL,
	CONSTRAINT "impression_share_facts_pk" PRIMARY KEY("team_id","ad_account_id","adam_id","country_or_region","search_term","day")
);
--> statement-breakpoint
CREATE TABLE "search_term_share_totals" (
	"team_id" uuid NOT NULL,
	"ad_account_id" bigint NOT NULL,
	"adam_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"search_term" text NOT NULL,
	"impressions" bigint NOT NULL,
	"taps" bigint NOT NULL,
	"tap_installs" bigint NOT NULL,
	"total_installs" bigint NOT NULL,
	"local_spend_micros" bigint NOT NULL,
	CONSTRAINT "search_term_share_totals_pk" PRIMARY KEY("team_id","ad_account_id","adam_id","campaign_id","search_term")
);
--> statement-breakpoint
CREATE TABLE "strategies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"adam_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"goals" text[] NOT NULL,
	"secondary_goal" text,
	"target_entities" jsonb NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_timeline_entries" (
	"timeline_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"strategy_id" uuid NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"source" text NOT NULL,
	"log_id" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "keywords" ADD COLUMN "apple_suggested_bid_micros" bigint;--> statement-breakpoint
CREATE INDEX "impression_share_facts_app_idx" ON "impression_share_facts" USING btree ("team_id","adam_id");--> statement-breakpoint
CREATE INDEX "search_term_share_totals_app_idx" ON "search_term_share_totals" USING btree ("team_id","adam_id");--> statement-breakpoint
CREATE INDEX "strategies_team_app_idx" ON "strategies" USING btree ("team_id","adam_id");--> statement-breakpoint
CREATE UNIQUE INDEX "strategies_app_name_idx" ON "strategies" USING btree ("team_id","adam_id",lower("name")) WHERE not "strategies"."deleted";--> statement-breakpoint
CREATE INDEX "strategy_timeline_strategy_idx" ON "strategy_timeline_entries" USING btree ("team_id","strategy_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_timeline_log_idx" ON "strategy_timeline_entries" USING btree ("strategy_id","log_id");