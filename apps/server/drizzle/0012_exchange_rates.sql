CREATE TABLE "exchange_rates" (
	"source" text NOT NULL,
	"currency" text NOT NULL,
	"date" date NOT NULL,
	"units_per_euro" double precision NOT NULL,
	CONSTRAINT "exchange_rates_source_currency_date_pk" PRIMARY KEY("source","currency","date")
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "reporting_currency" text DEFAULT 'USD' NOT NULL;