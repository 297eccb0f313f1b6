CREATE TABLE "scheduled_report_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scheduled_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"level" text NOT NULL,
	"report_limit" smallint NOT NULL,
	"repeat_type" text NOT NULL,
	"days" smallint[] NOT NULL,
	"hours" smallint[] NOT NULL,
	"run_on" text,
	"data_days" smallint NOT NULL,
	"org_ids" jsonb NOT NULL,
	"app_ids" jsonb NOT NULL,
	"countries" text[] NOT NULL,
	"goal_ids" uuid[] NOT NULL,
	"emails" text[] NOT NULL,
	"external_emails" text[] NOT NULL,
	"slack_channels" jsonb NOT NULL,
	"locale" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slack_integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"slack_team_id" text NOT NULL,
	"slack_team_name" text NOT NULL,
	"bot_user_id" text,
	"bot_token_sealed" text NOT NULL,
	"scope" text NOT NULL,
	"api_url" text NOT NULL,
	"notify_channel_id" text,
	"notify_channel_name" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"installed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "export_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"dataset" text NOT NULL,
	"format" text NOT NULL,
	"input" jsonb NOT NULL,
	"receiver_mail" text,
	"status" text NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"file_name" text,
	"file" "bytea",
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_report_deliveries_once_idx" ON "scheduled_report_deliveries" USING btree ("report_id","due_at");--> statement-breakpoint
CREATE INDEX "scheduled_report_deliveries_team_idx" ON "scheduled_report_deliveries" USING btree ("team_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_reports_name_idx" ON "scheduled_reports" USING btree ("team_id",lower("name"));--> statement-breakpoint
CREATE INDEX "scheduled_reports_due_idx" ON "scheduled_reports" USING btree ("next_run_at") WHERE "scheduled_reports"."next_run_at" is not null;--> statement-breakpoint
CREATE INDEX "oauth_states_expires_idx" ON "oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "slack_integrations_team_idx" ON "slack_integrations" USING btree ("team_id") WHERE "slack_integrations"."status" <> 'DELETED';--> statement-breakpoint
CREATE INDEX "slack_integrations_slack_team_idx" ON "slack_integrations" USING btree ("slack_team_id");--> statement-breakpoint
CREATE INDEX "export_jobs_team_idx" ON "export_jobs" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "export_jobs_expires_idx" ON "export_jobs" USING btree ("expires_at");