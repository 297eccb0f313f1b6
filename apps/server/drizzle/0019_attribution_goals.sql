CREATE TABLE "attribution_daily" (
	"team_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"adam_id" bigint NOT NULL,
	"day" date NOT NULL,
	"network" text NOT NULL,
	"campaign_id" bigint NOT NULL,
	"ad_group_id" bigint NOT NULL,
	"keyword_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"event_name" text NOT NULL,
	"event_type" text,
	"days_since_install" smallint NOT NULL,
	"count" integer NOT NULL,
	"revenue_micros" bigint NOT NULL,
	CONSTRAINT "attribution_daily_pk" PRIMARY KEY("team_id","integration_id","day","network","campaign_id","ad_group_id","keyword_id","kind","event_name","days_since_install")
);
--> statement-breakpoint
CREATE TABLE "attribution_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"adam_id" bigint NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" text NOT NULL,
	"event_name" text NOT NULL,
	"event_type" text,
	"network" text NOT NULL,
	"campaign_id" bigint,
	"ad_group_id" bigint,
	"keyword_id" bigint,
	"country_or_region" text,
	"event_time" timestamp with time zone NOT NULL,
	"install_time" timestamp with time zone,
	"day" date NOT NULL,
	"days_since_install" smallint NOT NULL,
	"revenue_micros" bigint,
	"revenue_currency" text,
	"raw" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attribution_integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"adam_id" bigint NOT NULL,
	"partner" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"endpoint_key_hash" text NOT NULL,
	"endpoint_key_sealed" text NOT NULL,
	"signing_secret_sealed" text,
	"kochava_api_key_sealed" text,
	"kochava_app_guid" text,
	"kochava_type" text,
	"kochava_hydrate_date" date,
	"kochava_pulled_through" date,
	"last_event_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"adam_id" bigint NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"events" text[] NOT NULL,
	"days_since_install" smallint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "attribution_daily_app_idx" ON "attribution_daily" USING btree ("team_id","adam_id","day");--> statement-breakpoint
CREATE INDEX "attribution_daily_campaign_idx" ON "attribution_daily" USING btree ("team_id","campaign_id","day");--> statement-breakpoint
CREATE INDEX "attribution_daily_keyword_idx" ON "attribution_daily" USING btree ("team_id","keyword_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "attribution_events_dedupe_idx" ON "attribution_events" USING btree ("integration_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "attribution_events_app_day_idx" ON "attribution_events" USING btree ("team_id","adam_id","day");--> statement-breakpoint
CREATE INDEX "attribution_events_received_idx" ON "attribution_events" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "attribution_integrations_endpoint_idx" ON "attribution_integrations" USING btree ("endpoint_key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "attribution_integrations_app_partner_idx" ON "attribution_integrations" USING btree ("team_id","adam_id","partner") WHERE "attribution_integrations"."status" <> 'DELETED';--> statement-breakpoint
CREATE UNIQUE INDEX "goals_app_name_idx" ON "goals" USING btree ("team_id","adam_id",lower("name"));