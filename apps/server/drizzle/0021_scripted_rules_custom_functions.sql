CREATE TABLE "custom_function_versions" (
	"function_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"team_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_function_versions_function_id_version_pk" PRIMARY KEY("function_id","version")
);
--> statement-breakpoint
CREATE TABLE "custom_functions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"path" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "automation_rule_runs" ADD COLUMN "script_log" jsonb;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD COLUMN "kind" text DEFAULT 'RULE' NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_settings" ADD COLUMN "scripts_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_function_versions" ADD CONSTRAINT "custom_function_versions_function_id_custom_functions_id_fk" FOREIGN KEY ("function_id") REFERENCES "public"."custom_functions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_function_versions" ADD CONSTRAINT "custom_function_versions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_function_versions" ADD CONSTRAINT "custom_function_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_functions" ADD CONSTRAINT "custom_functions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_functions" ADD CONSTRAINT "custom_functions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_function_versions_team_idx" ON "custom_function_versions" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_functions_team_path_idx" ON "custom_functions" USING btree ("team_id",lower("path"));