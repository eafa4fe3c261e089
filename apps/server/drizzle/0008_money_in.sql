CREATE TABLE "transfer_cursors" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"start_block" bigint NOT NULL,
	"last_block" bigint NOT NULL,
	"last_block_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usdc_transfers" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"value" numeric(78, 0) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_cursors_chain_address_key" ON "transfer_cursors" USING btree ("chain_id","address");--> statement-breakpoint
CREATE UNIQUE INDEX "usdc_transfers_chain_tx_log_key" ON "usdc_transfers" USING btree ("chain_id","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "usdc_transfers_from_idx" ON "usdc_transfers" USING btree ("chain_id","from_address","block_number");--> statement-breakpoint
CREATE INDEX "usdc_transfers_to_idx" ON "usdc_transfers" USING btree ("chain_id","to_address","block_number");