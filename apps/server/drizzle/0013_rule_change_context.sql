ALTER TABLE "automation_rule_changes" ADD COLUMN "campaign_id" bigint;--> statement-breakpoint
ALTER TABLE "automation_rule_changes" ADD COLUMN "ad_group_id" bigint;--> statement-breakpoint
ALTER TABLE "automation_rule_changes" ADD COLUMN "matched_values" jsonb;