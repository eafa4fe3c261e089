CREATE TABLE "passkey_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"address" text NOT NULL,
	"credential_id" text NOT NULL,
	"public_key_x" text NOT NULL,
	"public_key_y" text NOT NULL,
	"recovery_owner" text NOT NULL,
	"verifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deployed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "paymaster_sponsorships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"sender" text NOT NULL,
	"nonce" text NOT NULL,
	"kind" text NOT NULL,
	"max_cost_wei" numeric(78, 0) NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "passkey_accounts" ADD CONSTRAINT "passkey_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paymaster_sponsorships" ADD CONSTRAINT "paymaster_sponsorships_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "passkey_accounts_address_key" ON "passkey_accounts" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "passkey_accounts_credential_id_key" ON "passkey_accounts" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "passkey_accounts_user_id_idx" ON "passkey_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "paymaster_sponsorships_user_created_idx" ON "paymaster_sponsorships" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "paymaster_sponsorships_created_idx" ON "paymaster_sponsorships" USING btree ("created_at");