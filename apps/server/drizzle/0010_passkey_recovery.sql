CREATE TABLE "passkey_account_passkeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"credential_id" text NOT NULL,
	"public_key_x" text NOT NULL,
	"public_key_y" text NOT NULL,
	"signer" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added_at" timestamp with time zone,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "passkey_account_passkeys" ADD CONSTRAINT "passkey_account_passkeys_account_id_passkey_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."passkey_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "passkey_account_passkeys_credential_id_key" ON "passkey_account_passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "passkey_account_passkeys_account_id_idx" ON "passkey_account_passkeys" USING btree ("account_id");