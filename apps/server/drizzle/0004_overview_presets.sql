CREATE TABLE "chart_presets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"metrics" text[] NOT NULL,
	"granularity" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "overview_presets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"period" text NOT NULL,
	"ad_account_id" bigint,
	"adam_id" bigint
);
--> statement-breakpoint
ALTER TABLE "chart_presets" ADD CONSTRAINT "chart_presets_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_presets" ADD CONSTRAINT "chart_presets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overview_presets" ADD CONSTRAINT "overview_presets_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overview_presets" ADD CONSTRAINT "overview_presets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chart_presets_owner_name_idx" ON "chart_presets" USING btree ("team_id","user_id","name");--> statement-breakpoint
CREATE INDEX "chart_presets_user_idx" ON "chart_presets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "overview_presets_owner_name_idx" ON "overview_presets" USING btree ("team_id","user_id","name");--> statement-breakpoint
CREATE INDEX "overview_presets_user_idx" ON "overview_presets" USING btree ("user_id");