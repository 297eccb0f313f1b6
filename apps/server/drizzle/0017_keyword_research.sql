CREATE TABLE "app_store_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_request_results" (
	"request_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"row" jsonb NOT NULL,
	CONSTRAINT "data_request_results_request_id_position_pk" PRIMARY KEY("request_id","position")
);
--> statement-breakpoint
CREATE TABLE "data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"op_id" integer NOT NULL,
	"status" text NOT NULL,
	"keyword" text,
	"app_id" bigint,
	"app_name" text,
	"icon" text,
	"location" text NOT NULL,
	"language" text NOT NULL,
	"device" text NOT NULL,
	"cat_id" integer,
	"cat_type" text,
	"client_id" text,
	"count_pref" integer NOT NULL,
	"total_count" integer DEFAULT 0 NOT NULL,
	"current_count" integer DEFAULT 0 NOT NULL,
	"missed_count" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "keyword_rank_snapshots" (
	"tracked_keyword_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"day" date NOT NULL,
	"organic_rank" integer,
	"total_apps" integer,
	"popularity" integer,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keyword_rank_snapshots_tracked_keyword_id_day_pk" PRIMARY KEY("tracked_keyword_id","day")
);
--> statement-breakpoint
CREATE TABLE "tracked_keywords" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"adam_id" bigint NOT NULL,
	"location" text NOT NULL,
	"language" text NOT NULL,
	"device" text NOT NULL,
	"term" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_request_results" ADD CONSTRAINT "data_request_results_request_id_data_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."data_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_request_results" ADD CONSTRAINT "data_request_results_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_rank_snapshots" ADD CONSTRAINT "keyword_rank_snapshots_tracked_keyword_id_tracked_keywords_id_fk" FOREIGN KEY ("tracked_keyword_id") REFERENCES "public"."tracked_keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_rank_snapshots" ADD CONSTRAINT "keyword_rank_snapshots_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_keywords" ADD CONSTRAINT "tracked_keywords_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_keywords" ADD CONSTRAINT "tracked_keywords_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_store_cache_expires_idx" ON "app_store_cache" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "data_requests_team_user_start_idx" ON "data_requests" USING btree ("team_id","user_id","start_time");--> statement-breakpoint
CREATE INDEX "keyword_rank_snapshots_team_day_idx" ON "keyword_rank_snapshots" USING btree ("team_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "tracked_keywords_unique_idx" ON "tracked_keywords" USING btree ("team_id","adam_id","location","device","term");