CREATE TABLE "ad_group_hourly_facts" (
	"team_id" uuid NOT NULL,
	"ad_account_id" bigint NOT NULL,
	"adam_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"date" date NOT NULL,
	"hour" smallint NOT NULL,
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
	CONSTRAINT "ad_group_hourly_facts_team_id_ad_group_id_date_hour_pk" PRIMARY KEY("team_id","ad_group_id","date","hour")
);
--> statement-breakpoint
CREATE TABLE "campaign_hourly_facts" (
	"team_id" uuid NOT NULL,
	"ad_account_id" bigint NOT NULL,
	"adam_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"date" date NOT NULL,
	"hour" smallint NOT NULL,
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
	CONSTRAINT "campaign_hourly_facts_team_id_campaign_id_date_hour_pk" PRIMARY KEY("team_id","campaign_id","date","hour")
);
--> statement-breakpoint
CREATE INDEX "ad_group_hourly_facts_campaign_idx" ON "ad_group_hourly_facts" USING btree ("team_id","campaign_id","date");--> statement-breakpoint
CREATE INDEX "campaign_hourly_facts_app_idx" ON "campaign_hourly_facts" USING btree ("team_id","adam_id","date");