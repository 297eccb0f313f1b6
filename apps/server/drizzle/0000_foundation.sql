CREATE TABLE "activity_logs" (
	"log_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid,
	"log_type" text NOT NULL,
	"message" text NOT NULL,
	"watched" boolean DEFAULT false NOT NULL,
	"feature_name" text,
	"feature_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "activity_logs_team_created_idx" ON "activity_logs" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_logs_created_idx" ON "activity_logs" USING btree ("created_at");