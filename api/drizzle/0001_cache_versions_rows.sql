INSERT INTO "cache_versions" ("name", "version") VALUES ('classes', 0), ('instructors', 0) ON CONFLICT DO NOTHING;
