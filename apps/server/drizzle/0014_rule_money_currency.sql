ALTER TABLE "automation_rule_changes" ADD COLUMN "conversion" jsonb;--> statement-breakpoint
-- A rule's money is now in its own currency. Rules saved before read money in each account's
-- currency: where the company's ad accounts share one currency, that one keeps their meaning;
-- otherwise the company's reporting currency applies.
UPDATE "automation_rules" r SET "definition" = jsonb_set(r."definition", '{currency}', to_jsonb(coalesce(
  (SELECT min(a."currency") FROM "ad_accounts" a WHERE a."team_id" = r."team_id"
    HAVING count(DISTINCT a."currency") = 1),
  (SELECT t."reporting_currency" FROM "teams" t WHERE t."id" = r."team_id"),
  'USD')))
WHERE NOT (r."definition" ? 'currency');
