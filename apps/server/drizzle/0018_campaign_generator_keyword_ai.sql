CREATE TABLE "campaign_generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ad_account_id" bigint NOT NULL,
	"adam_id" bigint NOT NULL,
	"settings" jsonb NOT NULL,
	"fetched_keywords" jsonb,
	"plan" jsonb,
	"status" text NOT NULL,
	"progress" jsonb NOT NULL,
	"failure" text
);
--> statement-breakpoint
CREATE TABLE "generator_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"is_draft" boolean NOT NULL,
	"settings" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_credits" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"remaining_usage" integer NOT NULL,
	"usage_limit" integer NOT NULL,
	"refills_on" date NOT NULL,
	"is_filled_manually" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_global_usage" (
	"month" date PRIMARY KEY NOT NULL,
	"used" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keyword_suggestion_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid,
	"adam_id" bigint NOT NULL,
	"storefront" text NOT NULL,
	"model" text NOT NULL,
	"seed" text,
	"competitor_adam_id" bigint,
	"keywords" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_generations" ADD CONSTRAINT "campaign_generations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_generations" ADD CONSTRAINT "campaign_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generator_templates" ADD CONSTRAINT "generator_templates_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generator_templates" ADD CONSTRAINT "generator_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_credits" ADD CONSTRAINT "ai_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_suggestion_lists" ADD CONSTRAINT "keyword_suggestion_lists_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_suggestion_lists" ADD CONSTRAINT "keyword_suggestion_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_generations_team_created_idx" ON "campaign_generations" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "generator_templates_team_name_idx" ON "generator_templates" USING btree ("team_id","name");--> statement-breakpoint
CREATE INDEX "keyword_suggestion_lists_team_created_idx" ON "keyword_suggestion_lists" USING btree ("team_id","created_at");