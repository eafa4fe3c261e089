CREATE TABLE "wallet_link_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"session_id" text NOT NULL,
	"wallet_address" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_wallets" ADD COLUMN "linked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_link_nonces" ADD CONSTRAINT "wallet_link_nonces_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_link_nonces" ADD CONSTRAINT "wallet_link_nonces_session_id_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_link_nonces_session_id_idx" ON "wallet_link_nonces" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "wallet_link_nonces_expires_at_idx" ON "wallet_link_nonces" USING btree ("expires_at");