ALTER TABLE "transfer_cursors" ADD COLUMN "start_block_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transfer_cursors" ADD COLUMN "usdc_balance" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "transfer_cursors" ADD COLUMN "usdc_balance_block" bigint;--> statement-breakpoint
ALTER TABLE "transfer_cursors" ADD COLUMN "usdc_balance_time" timestamp with time zone;