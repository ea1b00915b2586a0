/* A SQL workload through sqlite3's amalgamation (checks/sanitize/clean.py).
 * usage: sqlite_driver SCALE [DBFILE]   SCALE: rows in thousands (e.g. 2)
 * Deterministic output: every query's rows, the aggregates, the checks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sqlite3.h"

static sqlite3 *db;
static unsigned long rows_printed;

static int print_row(void *tag, int n, char **val, char **col) {
  (void)col;
  printf("%s:", (const char *)tag);
  for (int i = 0; i < n; i++) printf(" %s", val[i] ? val[i] : "NULL");
  printf("\n");
  rows_printed++;
  return 0;
}

static void exec(const char *tag, const char *sql) {
  char *err = 0;
  if (sqlite3_exec(db, sql, tag ? print_row : 0, (void *)tag, &err) != SQLITE_OK) {
    printf("error in %s: %s\n", tag ? tag : "exec", err);
    sqlite3_free(err);
    exit(1);
  }
}

static unsigned long long rng = 88172645463325252ULL;
static unsigned long long next(void) {
  rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
  return rng;
}

int main(int argc, char **argv) {
  int scale = argc > 1 ? atoi(argv[1]) : 2;
  const char *file = argc > 2 ? argv[2] : ":memory:";
  if (strcmp(file, ":memory:")) remove(file);
  if (sqlite3_open(file, &db) != SQLITE_OK) { printf("open failed\n"); return 1; }
  int n = scale * 1000;
  exec(0, "PRAGMA journal_mode=DELETE; PRAGMA synchronous=OFF; PRAGMA cache_size=200;");
  exec(0, "CREATE TABLE customer(id INTEGER PRIMARY KEY, name TEXT, city TEXT, score REAL);"
          "CREATE TABLE item(id INTEGER PRIMARY KEY, label TEXT UNIQUE, price INTEGER);"
          "CREATE TABLE orders(id INTEGER PRIMARY KEY, cust INTEGER REFERENCES customer(id),"
          " item INTEGER REFERENCES item(id), qty INTEGER, note TEXT);"
          "CREATE INDEX orders_cust ON orders(cust); CREATE INDEX orders_item ON orders(item, qty);");
  static const char *cities[] = {"Oslo", "Lima", "Kyiv", "Pune", "Bern", "Doha", "Riga", "Faro"};
  sqlite3_stmt *st;
  exec(0, "BEGIN");
  sqlite3_prepare_v2(db, "INSERT INTO customer VALUES(?1, ?2, ?3, ?4)", -1, &st, 0);
  for (int i = 1; i <= n; i++) {
    char name[32];
    snprintf(name, sizeof name, "cust%05d-%llx", i, next() % 4096);
    sqlite3_bind_int(st, 1, i);
    sqlite3_bind_text(st, 2, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 3, cities[next() % 8], -1, SQLITE_STATIC);
    sqlite3_bind_double(st, 4, (double)(next() % 10000) / 100.0);
    if (sqlite3_step(st) != SQLITE_DONE) { printf("insert failed\n"); return 1; }
    sqlite3_reset(st);
  }
  sqlite3_finalize(st);
  sqlite3_prepare_v2(db, "INSERT INTO item(label, price) VALUES(?1, ?2)", -1, &st, 0);
  for (int i = 0; i < n / 4; i++) {
    char label[32];
    snprintf(label, sizeof label, "item-%d-%c%c", i, 'a' + (int)(next() % 26), 'a' + (int)(next() % 26));
    sqlite3_bind_text(st, 1, label, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 2, (int)(next() % 500) + 1);
    sqlite3_step(st);
    sqlite3_reset(st);
  }
  sqlite3_finalize(st);
  sqlite3_prepare_v2(db, "INSERT INTO orders(cust, item, qty, note) VALUES(?1, ?2, ?3, ?4)", -1, &st, 0);
  for (int i = 0; i < 4 * n; i++) {
    sqlite3_bind_int(st, 1, (int)(next() % n) + 1);
    sqlite3_bind_int(st, 2, (int)(next() % (n / 4)) + 1);
    sqlite3_bind_int(st, 3, (int)(next() % 9) + 1);
    if (i % 3) sqlite3_bind_null(st, 4);
    else {
      char note[64];
      snprintf(note, sizeof note, "note %d %s", i, cities[i % 8]);
      sqlite3_bind_text(st, 4, note, -1, SQLITE_TRANSIENT);
    }
    sqlite3_step(st);
    sqlite3_reset(st);
  }
  sqlite3_finalize(st);
  exec(0, "COMMIT");

  exec("count", "SELECT count(*), sum(qty), min(qty), max(qty) FROM orders");
  exec("city", "SELECT city, count(*), round(avg(score), 3) FROM customer GROUP BY city ORDER BY city");
  exec("top", "SELECT c.name, sum(o.qty * i.price) AS total FROM orders o JOIN customer c ON c.id = o.cust"
              " JOIN item i ON i.id = o.item GROUP BY c.id ORDER BY total DESC, c.id LIMIT 20");
  exec("items", "SELECT i.label, count(o.id), coalesce(sum(o.qty), 0) FROM item i LEFT JOIN orders o"
                " ON o.item = i.id GROUP BY i.id HAVING count(o.id) > 5 ORDER BY 3 DESC, 1 LIMIT 15");
  exec("notes", "SELECT substr(note, 1, 12), length(note), upper(note) FROM orders WHERE note LIKE '%Oslo'"
                " ORDER BY id LIMIT 10");
  exec(0, "BEGIN; UPDATE customer SET score = score * 1.1 WHERE city IN ('Oslo', 'Lima');"
          "UPDATE orders SET qty = qty + 1 WHERE item % 7 = 0;"
          "DELETE FROM orders WHERE qty > 9 AND cust % 5 = 0; COMMIT;");
  exec("after", "SELECT count(*), sum(qty) FROM orders");
  exec("rank", "SELECT city, name, score, rank() OVER (PARTITION BY city ORDER BY score DESC, id) r"
               " FROM customer WHERE id % 97 = 0 ORDER BY city, r LIMIT 30");
  exec("cte", "WITH RECURSIVE f(k, a, b) AS (SELECT 1, 0, 1 UNION ALL SELECT k + 1, b, (a + b) % 1000007"
              " FROM f WHERE k < 5000) SELECT max(k), sum(a) % 1000007, group_concat(b % 10, '') LIKE '1%' FROM f");
  exec("json", "SELECT json_group_array(json_object('id', id, 'n', name)) FROM customer WHERE id <= 3");
  exec(0, "CREATE TABLE words(w TEXT); ");
  sqlite3_prepare_v2(db, "INSERT INTO words VALUES(?1)", -1, &st, 0);
  exec(0, "BEGIN");
  for (int i = 0; i < n; i++) {
    char w[24];
    int len = 3 + (int)(next() % 8);
    for (int k = 0; k < len; k++) w[k] = 'a' + (int)(next() % 6);
    w[len] = 0;
    sqlite3_bind_text(st, 1, w, -1, SQLITE_TRANSIENT);
    sqlite3_step(st);
    sqlite3_reset(st);
  }
  exec(0, "COMMIT");
  sqlite3_finalize(st);
  exec("words", "SELECT w, count(*) FROM words GROUP BY w ORDER BY 2 DESC, 1 LIMIT 10");
  exec("distinct", "SELECT count(DISTINCT w), sum(length(w)), max(w), min(w) FROM words");
  exec("glob", "SELECT count(*) FROM words WHERE w GLOB 'a*b' OR w LIKE '%cc%'");
  exec("sub", "SELECT c.city, (SELECT count(*) FROM orders o WHERE o.cust = c.id) FROM customer c"
              " WHERE c.id IN (SELECT cust FROM orders GROUP BY cust ORDER BY count(*) DESC, cust LIMIT 5) ORDER BY c.id");
  exec(0, "CREATE INDEX words_w ON words(w); ANALYZE;");
  exec("idx", "SELECT count(*) FROM words a JOIN words b ON a.w = b.w WHERE a.rowid < b.rowid AND a.rowid % 50 = 0");
  exec("printf", "SELECT printf('%08.3f|%-6s|%x', score, city, id) FROM customer WHERE id % 500 = 1 ORDER BY id");
  exec(0, "VACUUM");
  exec("integrity", "PRAGMA integrity_check");
  sqlite3_close(db);
  if (strcmp(file, ":memory:")) remove(file);
  printf("rows printed: %lu\n", rows_printed);
  return 0;
}
