CREATE TABLE "indexer_cursors" (
	"chain_id" integer NOT NULL,
	"vault_address" text NOT NULL,
	"start_block" bigint NOT NULL,
	"last_block" bigint NOT NULL,
	"last_block_hash" text,
	"share_decimals" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_prices" (
	"chain_id" integer NOT NULL,
	"vault_address" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"share_price" numeric(78, 0) NOT NULL,
	"total_assets" numeric(78, 0) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vault_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_id" integer NOT NULL,
	"vault_address" text NOT NULL,
	"kind" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"sender" text NOT NULL,
	"owner" text,
	"receiver" text,
	"assets" numeric(78, 0),
	"shares" numeric(78, 0) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "indexer_cursors_chain_vault_key" ON "indexer_cursors" USING btree ("chain_id","vault_address");--> statement-breakpoint
CREATE UNIQUE INDEX "share_prices_chain_vault_block_key" ON "share_prices" USING btree ("chain_id","vault_address","block_number");--> statement-breakpoint
CREATE INDEX "share_prices_vault_time_idx" ON "share_prices" USING btree ("chain_id","vault_address","block_time");--> statement-breakpoint
CREATE UNIQUE INDEX "vault_events_chain_tx_log_key" ON "vault_events" USING btree ("chain_id","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "vault_events_vault_block_idx" ON "vault_events" USING btree ("chain_id","vault_address","block_number");--> statement-breakpoint
CREATE INDEX "vault_events_owner_idx" ON "vault_events" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "vault_events_sender_idx" ON "vault_events" USING btree ("sender");--> statement-breakpoint
CREATE INDEX "vault_events_receiver_idx" ON "vault_events" USING btree ("receiver");