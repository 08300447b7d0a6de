CREATE TABLE "gen_table" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_name" text NOT NULL,
	"table_comment" text DEFAULT '' NOT NULL,
	"class_name" text NOT NULL,
	"tpl_category" text DEFAULT 'crud' NOT NULL,
	"module_name" text NOT NULL,
	"business_name" text NOT NULL,
	"function_name" text NOT NULL,
	"function_author" text NOT NULL,
	"sub_table_name" text DEFAULT '' NOT NULL,
	"sub_table_fk_name" text DEFAULT '' NOT NULL,
	"tree_code" text DEFAULT '' NOT NULL,
	"tree_parent_code" text DEFAULT '' NOT NULL,
	"tree_name" text DEFAULT '' NOT NULL,
	"parent_menu" text DEFAULT '/console' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gen_table_table_name_unique" UNIQUE("table_name")
);
--> statement-breakpoint
CREATE TABLE "gen_table_column" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_id" integer NOT NULL,
	"column_name" text NOT NULL,
	"column_comment" text DEFAULT '' NOT NULL,
	"column_type" text NOT NULL,
	"ts_type" text NOT NULL,
	"ts_field" text NOT NULL,
	"is_pk" boolean DEFAULT false NOT NULL,
	"is_increment" boolean DEFAULT false NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"is_insert" boolean DEFAULT true NOT NULL,
	"is_edit" boolean DEFAULT true NOT NULL,
	"is_list" boolean DEFAULT true NOT NULL,
	"is_query" boolean DEFAULT false NOT NULL,
	"query_type" text DEFAULT 'EQ' NOT NULL,
	"html_type" text DEFAULT 'input' NOT NULL,
	"dict_type" text DEFAULT '' NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gen_table_column" ADD CONSTRAINT "gen_table_column_table_id_gen_table_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."gen_table"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gen_table_column_table_idx" ON "gen_table_column" USING btree ("table_id");