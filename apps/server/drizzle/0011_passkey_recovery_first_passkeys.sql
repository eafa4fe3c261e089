-- Every existing savings account's first passkey (through Safe's shared signer) becomes its first passkey row.
INSERT INTO "passkey_account_passkeys" ("account_id", "credential_id", "public_key_x", "public_key_y", "signer", "label", "created_at", "added_at")
SELECT "id", "credential_id", "public_key_x", "public_key_y", '0x94a4f6affbd8975951142c3999aeab7ecee555c2', 'First passkey', "created_at", "created_at"
FROM "passkey_accounts"
WHERE true
ON CONFLICT DO NOTHING;
