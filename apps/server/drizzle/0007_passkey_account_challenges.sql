CREATE TABLE "passkey_account_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "passkey_account_challenges" ADD CONSTRAINT "passkey_account_challenges_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passkey_account_challenges_user_id_idx" ON "passkey_account_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "passkey_account_challenges_expires_at_idx" ON "passkey_account_challenges" USING btree ("expires_at");