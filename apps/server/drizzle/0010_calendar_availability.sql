CREATE TABLE "availability_blocks" (
	"planner_id" uuid NOT NULL,
	"day" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_blocks_planner_id_day_pk" PRIMARY KEY("planner_id","day"),
	CONSTRAINT "availability_blocks_note_length" CHECK (char_length("availability_blocks"."note") <= 200)
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "events_per_day" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "availability_blocks" ADD CONSTRAINT "availability_blocks_planner_id_users_id_fk" FOREIGN KEY ("planner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_unique" ON "calendar_feeds" USING btree ("token");--> statement-breakpoint
CREATE INDEX "bookings_planner_day_idx" ON "bookings" USING btree ("planner_id","event_date","status");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_events_per_day_range" CHECK ("users"."events_per_day" between 1 and 20);