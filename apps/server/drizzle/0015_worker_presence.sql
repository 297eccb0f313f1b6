CREATE TABLE "worker_processes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"host" text NOT NULL,
	"pid" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"jobs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stopped_at" timestamp with time zone,
	"lost_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sync_runs" ADD COLUMN "worker_id" uuid;--> statement-breakpoint
ALTER TABLE "sync_runs" ADD COLUMN "resuming_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "automation_rule_runs" ADD COLUMN "worker_id" uuid;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD COLUMN "claimed_by" uuid;--> statement-breakpoint
CREATE INDEX "worker_processes_heartbeat_idx" ON "worker_processes" USING btree ("heartbeat_at");