CREATE TABLE "automation_rule_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"ad_account_id" bigint NOT NULL,
	"level" text NOT NULL,
	"entity_id" text NOT NULL,
	"entity_name" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"status" text NOT NULL,
	"capped" boolean DEFAULT false NOT NULL,
	"message" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "automation_rule_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"rule_name" text NOT NULL,
	"status" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_rule_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"rule_name" text NOT NULL,
	"trigger" text NOT NULL,
	"dry_run" boolean NOT NULL,
	"run_key" text NOT NULL,
	"status" text NOT NULL,
	"evaluated" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"message" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"reverted_at" timestamp with time zone,
	"reverted_by" uuid,
	"triggered_by" uuid
);
--> statement-breakpoint
CREATE TABLE "automation_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_run_status" text,
	"next_run_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "automation_settings" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"kill_switch" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "automation_rule_changes" ADD CONSTRAINT "automation_rule_changes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rule_changes" ADD CONSTRAINT "automation_rule_changes_run_id_automation_rule_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."automation_rule_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rule_events" ADD CONSTRAINT "automation_rule_events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rule_events" ADD CONSTRAINT "automation_rule_events_rule_id_automation_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."automation_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rule_events" ADD CONSTRAINT "automation_rule_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rule_runs" ADD CONSTRAINT "automation_rule_runs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rule_runs" ADD CONSTRAINT "automation_rule_runs_rule_id_automation_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."automation_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rule_runs" ADD CONSTRAINT "automation_rule_runs_reverted_by_users_id_fk" FOREIGN KEY ("reverted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rule_runs" ADD CONSTRAINT "automation_rule_runs_triggered_by_users_id_fk" FOREIGN KEY ("triggered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_settings" ADD CONSTRAINT "automation_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_settings" ADD CONSTRAINT "automation_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_rule_changes_key_idx" ON "automation_rule_changes" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "automation_rule_changes_run_idx" ON "automation_rule_changes" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "automation_rule_changes_entity_idx" ON "automation_rule_changes" USING btree ("rule_id","entity_id","applied_at");--> statement-breakpoint
CREATE INDEX "automation_rule_events_team_created_idx" ON "automation_rule_events" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "automation_rule_runs_key_idx" ON "automation_rule_runs" USING btree ("rule_id","run_key");--> statement-breakpoint
CREATE INDEX "automation_rule_runs_team_started_idx" ON "automation_rule_runs" USING btree ("team_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "automation_rules_team_name_idx" ON "automation_rules" USING btree ("team_id",lower("name")) WHERE "automation_rules"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "automation_rules_due_idx" ON "automation_rules" USING btree ("next_run_at") WHERE "automation_rules"."enabled" and "automation_rules"."deleted_at" is null;