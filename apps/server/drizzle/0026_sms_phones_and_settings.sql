-- Verified phones, the codes that verify them, notification settings per channel and topic, and the
-- record of consent to notices (docs/notifications.md).
CREATE TABLE "notification_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"topic" text NOT NULL,
	"granted" boolean NOT NULL,
	"source" text NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_consents_channel" CHECK ("notification_consents"."channel" in ('sms', 'email')),
	CONSTRAINT "notification_consents_topic" CHECK ("notification_consents"."topic" in ('bookings', 'payments', 'reminders', 'chat')),
	CONSTRAINT "notification_consents_source" CHECK ("notification_consents"."source" in ('profile', 'phone-verified', 'stop-reply'))
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"sms_bookings" boolean DEFAULT true NOT NULL,
	"sms_payments" boolean DEFAULT true NOT NULL,
	"sms_reminders" boolean DEFAULT true NOT NULL,
	"sms_chat" boolean DEFAULT true NOT NULL,
	"email_bookings" boolean DEFAULT true NOT NULL,
	"email_payments" boolean DEFAULT true NOT NULL,
	"email_reminders" boolean DEFAULT true NOT NULL,
	"email_chat" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_consents" ADD CONSTRAINT "notification_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_consents_user_idx" ON "notification_consents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_verifications_user_idx" ON "phone_verifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_verifications_phone_idx" ON "phone_verifications" USING btree ("phone","created_at");