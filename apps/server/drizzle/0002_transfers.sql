CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"wallet_address" text NOT NULL,
	"vault_address" text NOT NULL,
	"kind" text NOT NULL,
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"requested_assets" numeric(78, 0),
	"requested_shares" numeric(78, 0),
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"assets" numeric(78, 0),
	"shares" numeric(78, 0),
	"block_number" bigint,
	"log_index" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_chain_tx_hash_key" ON "transfers" USING btree ("chain_id","tx_hash");--> statement-breakpoint
CREATE INDEX "transfers_user_id_submitted_at_idx" ON "transfers" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "transfers_status_idx" ON "transfers" USING btree ("status");