/* amg_solve's configuration (see app_config.h): one schema table drives the
 * file reader, the --set overrides, the defaults and the generated reference.
 *
 * Every value, from a file, from --set or from the table's default text,
 * becomes an app_value (what was written: an integer, a float, a bool, a
 * string, or an aggregate) and goes through key_apply, which checks its type
 * against the key's, checks its range and stores it at the key's offset in
 * app_config. Messages begin with where the value came from, "path:line" or
 * "--set assignment". A load applies the whole file or changes nothing.
 *
 * Relative input paths (problem.file, problem.rhs_file, problem.x0_file) in a file are
 * resolved against that file's directory, and so are @include directives;
 * paths from --set are kept as given, i.e. relative to the current directory.
 *
 * libconfig 1.5 silently wraps a plain integer literal that does not fit in
 * 32 bits (3000000000 reads as -1294967296), saturates an L literal beyond
 * 64 bits, and exits the process when an @include names a directory. So the
 * file's text, and the text of every file it @includes, is scanned first:
 * each @include must name a readable regular file, and once libconfig has
 * accepted the syntax, such integer literals are errors. */
#define _POSIX_C_SOURCE 200809L

#include "app_config.h"
#include "file_names.h"

#include <ctype.h>
#include <errno.h>
#include <libconfig.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h> /* access */

/* Choice and integer fields are stored as 4-byte ints through memcpy. */
_Static_assert(sizeof(int) == 4, "int fields are stored as int32_t");
_Static_assert(sizeof(app_problem_type) == sizeof(int) && sizeof(app_rhs) == sizeof(int) &&
                   sizeof(app_reorder) == sizeof(int) &&
                   sizeof(amg_galerkin_order) == sizeof(int) && sizeof(spgemm_backend) == sizeof(int) &&
                   sizeof(amg_solver_kind) == sizeof(int),
               "choice fields are stored as int");

/* ---- the schema ---- */

typedef enum key_type {
  KEY_INT,    /* int, int32_t or int64_t field; a float is an error */
  KEY_FLOAT,  /* double field; an integer is accepted */
  KEY_BOOL,   /* int field, 0 or 1; only true / false */
  KEY_CHOICE, /* enum field, from one of the listed strings */
  KEY_PATH,   /* char[APP_PATH_MAX] input path, resolved against the config's directory */
  KEY_STRING  /* char[APP_PATH_MAX], kept as given */
} key_type;

typedef struct key_choice {
  const char *name;
  int value;
} key_choice;

typedef struct app_key {
  const char *name;          /* "section.key" */
  key_type type;
  size_t offset, size;       /* the field in app_config */
  const char *def;           /* the default as text (unquoted for strings) */
  /* the validator: what values are allowed */
  int64_t lo, hi;            /* KEY_INT: lo..hi (within the field's type) ... */
  const int *one_of;         /* ... or one of these (0 ends the list) */
  double flo, fhi;           /* KEY_FLOAT: between flo and fhi, */
  int lo_open, hi_open;      /*   the ends excluded where flagged */
  const key_choice *choices; /* KEY_CHOICE: a NULL name ends the list */
  const char *doc;           /* one line for the reference */
} app_key;

#define FIELD(f) .offset = offsetof(app_config, f), .size = sizeof(((app_config *)0)->f)
#define INT_KEY(nm, f, df, l, h, dc)                                                              \
  { .name = nm, .type = KEY_INT, FIELD(f), .def = df, .lo = l, .hi = h, .doc = dc }
#define SET_KEY(nm, f, df, set, dc)                                                               \
  { .name = nm, .type = KEY_INT, FIELD(f), .def = df, .one_of = set, .doc = dc }
#define FLOAT_KEY(nm, f, df, lb, l, h, rb, dc)                                                    \
  { .name = nm, .type = KEY_FLOAT, FIELD(f), .def = df, .flo = l, .lo_open = (lb == '('),       \
    .fhi = h, .hi_open = (rb == ')'), .doc = dc }
#define BOOL_KEY(nm, f, df, dc) { .name = nm, .type = KEY_BOOL, FIELD(f), .def = df, .doc = dc }
#define CHOICE_KEY(nm, f, df, ch, dc)                                                             \
  { .name = nm, .type = KEY_CHOICE, FIELD(f), .def = df, .choices = ch, .doc = dc }
#define PATH_KEY(nm, f, df, dc) { .name = nm, .type = KEY_PATH, FIELD(f), .def = df, .doc = dc }
#define STRING_KEY(nm, f, df, dc) { .name = nm, .type = KEY_STRING, FIELD(f), .def = df, .doc = dc }

static const int stencils[] = {5, 9, 7, 27, 0};
static const key_choice problem_types[] = {
    {"poisson", APP_PROBLEM_POISSON}, {"matrix_market", APP_PROBLEM_MATRIX_MARKET}, {NULL, 0}};
static const key_choice rhs_kinds[] = {
    {"ones", APP_RHS_ONES}, {"random", APP_RHS_RANDOM}, {"file", APP_RHS_FILE}, {NULL, 0}};
static const key_choice reorders[] = {{"none", APP_REORDER_NONE}, {"rcm", APP_REORDER_RCM}, {NULL, 0}};
static const key_choice galerkin_orders[] = {{"auto", AMG_GALERKIN_AUTO},
                                             {"pt_ap", AMG_GALERKIN_PT_AP},
                                             {"pta_p", AMG_GALERKIN_PTA_P},
                                             {NULL, 0}};
static const key_choice spgemm_backends[] = {
    {"tile", SPGEMM_TILE}, {"cusparse", SPGEMM_CUSPARSE}, {NULL, 0}};
static const key_choice solver_kinds[] = {
    {"pcg", AMG_SOLVER_PCG}, {"stationary", AMG_SOLVER_STATIONARY}, {NULL, 0}};

/* Ranges of the amg, cycle and solver keys mirror amg_options_check (which
 * app_config_finish calls too); here they let a message name file:line. */
static const app_key keys[] = {
    CHOICE_KEY("problem.type", problem_type, "poisson", problem_types,
               "a Poisson model problem on a grid, or the matrix in problem.file"),
    SET_KEY("problem.stencil", stencil, "5", stencils,
            "Poisson stencil: 5 or 9 points (2D, n^2 rows), 7 or 27 points (3D, n^3 rows)"),
    INT_KEY("problem.n", n, "64", 1, INT32_MAX,
            "Poisson grid points per side; n^2 or n^3 rows must not exceed 2^31-1"),
    PATH_KEY("problem.file", file, "",
             "Matrix Market file for type = \"matrix_market\", relative to this file's directory"),
    CHOICE_KEY("problem.rhs", rhs, "ones", rhs_kinds,
               "right-hand side b: all ones, uniform in [-1, 1) from rhs_seed, or read from rhs_file"),
    INT_KEY("problem.rhs_seed", rhs_seed, "1", 0, INT64_MAX, "seed of the random right-hand side"),
    PATH_KEY("problem.rhs_file", rhs_file, "",
             "for rhs = \"file\": b as a Matrix Market array or n x 1 coordinate matrix, or one value per "
             "line; relative to this file's directory"),
    PATH_KEY("problem.x0_file", x0_file, "",
             "initial guess x0, in rhs_file's forms, relative to this file's directory; \"\" starts from zero"),
    CHOICE_KEY("problem.reorder", reorder, "none", reorders,
               "renumber the rows before the setup by reverse Cuthill-McKee (\"rcm\"), for a matrix whose "
               "numbering has no locality; b, x0 and the written x keep the file's numbering"),
    FLOAT_KEY("amg.strength_theta", amg.strength_theta, "0.0", '[', 0.0, 1.0, ')',
              "j is strongly connected to i when |a_ij| >= theta sqrt(|a_ii a_jj|), on level 0; where no coupling "
              "passes, the level is aggregated with theta = 0"),
    FLOAT_KEY("amg.strength_theta_coarse", amg.strength_theta_coarse, "0.02", '[', 0.0, 1.0, ')',
              "the same strength test on levels 1 and below, whose Galerkin operators carry many tiny "
              "couplings; a level where no coupling passes it is aggregated with theta = 0"),
    CHOICE_KEY("amg.galerkin_order", amg.galerkin_order, "auto", galerkin_orders,
               "Galerkin product P^T (A P) or (P^T A) P; auto picks the one with fewer products"),
    CHOICE_KEY("amg.spgemm", amg.spgemm, "tile", spgemm_backends,
               "SpGEMM of the Galerkin products: the tiled kernel or cuSPARSE"),
    BOOL_KEY("amg.galerkin_symmetric", amg.galerkin_symmetric, "true",
             "when A equals its transpose, the second Galerkin product computes only its tiles on and "
             "above the diagonal and mirrors them (tile backend and CPU; cuSPARSE computes all)"),
    INT_KEY("amg.galerkin_symmetric_min_rows", amg.galerkin_symmetric_min_rows, "4096", 0, INT32_MAX,
            "galerkin_symmetric applies where the coarse operator has at least this many rows"),
    INT_KEY("amg.coarse_size", amg.coarse_size, "500", 1, AMG_COARSE_DENSE_MAX,
            "stop coarsening at or below this many rows (that level is solved densely)"),
    INT_KEY("amg.max_levels", amg.max_levels, "10", 1, AMG_MAX_LEVELS,
            "most levels in the hierarchy, the finest included"),
    FLOAT_KEY("amg.prolongator_omega", amg.prolongator_omega, "1.3333333333333333", '(', 0.0, 2.0,
              ')', "prolongator smoothing P = (I - omega/rho D^-1 A_F) T, A_F the filtered A (A when theta = 0); the default is 4/3"),
    INT_KEY("amg.rho_steps", amg.rho_steps, "10", AMG_RHO_STEPS_MIN, 1000,
            "power-iteration steps estimating rho(D^-1 A); fewer underestimate it enough for the smoother to diverge"),
    INT_KEY("cycle.pre_sweeps", amg.pre_sweeps, "1", 0, 100,
            "weighted-Jacobi sweeps before the coarse-grid correction"),
    INT_KEY("cycle.post_sweeps", amg.post_sweeps, "1", 0, 100,
            "weighted-Jacobi sweeps after the coarse-grid correction; for pcg equal to pre_sweeps, not 0; "
            "for stationary, pre and post not both 0 unless amg.max_levels = 1"),
    FLOAT_KEY("cycle.jacobi_omega", amg.jacobi_omega, "0.0", '[', 0.0, 2.0, ')',
              "Jacobi weight; 0 means automatic, 4/(3 rho) with rho from the setup; another value is used as given, "
              "and the sweep converges only below 2/rho(D^-1 A) (about 1 on Poisson problems)"),
    CHOICE_KEY("solver.type", amg.solver, "pcg", solver_kinds,
               "CG preconditioned by one V-cycle, or V-cycles alone"),
    FLOAT_KEY("solver.tol", amg.tol, "1e-8", '(', 0.0, 1.0, ')',
              "stop when ||r|| / ||b|| is at or below this"),
    INT_KEY("solver.max_iter", amg.max_iter, "100", 1, AMG_MAX_ITER, "most iterations"),
    STRING_KEY("output.report", report, "",
               "JSON report path, \"\" for none; relative to the current directory"),
    STRING_KEY("output.solution", solution, "",
               "write x here as a Matrix Market array (n x 1, 17 digits), \"\" for none; relative to the "
               "current directory; written when the solve converged or ran out of iterations"),
    BOOL_KEY("output.verbose", amg.verbose, "true", "progress per level and iteration on stderr"),
};
#define NKEYS ((int)(sizeof keys / sizeof keys[0]))
_Static_assert(sizeof keys / sizeof keys[0] <= APP_KEYS_MAX, "app_config.source needs a row per key");

static const char *const sections[] = {"problem", "amg", "cycle", "solver", "output"};
static const char *const section_docs[] = {
    "problem: the linear system A x = b",
    "amg: the smoothed-aggregation hierarchy",
    "cycle: the V-cycle's smoother",
    "solver: the outer iteration",
    "output: what amg_solve reports",
};
#define NSECTIONS ((int)(sizeof sections / sizeof sections[0]))

static const app_key *find_key(const char *name) {
  for (int k = 0; k < NKEYS; k++)
    if (!strcmp(keys[k].name, name))
      return &keys[k];
  return NULL;
}

static const char *bare_name(const char *name) {
  const char *dot = strchr(name, '.');
  return dot ? dot + 1 : name;
}

/* ---- suggestions for misspelt names ---- */

/* Optimal string alignment distance (a swap of neighbours counts as one
 * edit), or 3 when it is certainly more than 2. */
static int edit_distance(const char *a, const char *b) {
  enum { MAXLEN = 63 };
  int la = (int)strlen(a), lb = (int)strlen(b);
  if (la > MAXLEN || lb > MAXLEN || la > lb + 2 || lb > la + 2)
    return 3;
  int rows[3][MAXLEN + 1];
  for (int i = 0; i <= la; i++) {
    int *cur = rows[i % 3], *prev = rows[(i + 2) % 3], *prev2 = rows[(i + 1) % 3];
    for (int j = 0; j <= lb; j++) {
      if (i == 0 || j == 0) {
        cur[j] = i + j;
        continue;
      }
      int d = prev[j - 1] + (a[i - 1] != b[j - 1]);
      if (prev[j] + 1 < d) d = prev[j] + 1;
      if (cur[j - 1] + 1 < d) d = cur[j - 1] + 1;
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && prev2[j - 2] + 1 < d)
        d = prev2[j - 2] + 1;
      cur[j] = d;
    }
  }
  return rows[la % 3][lb];
}

/* The key an unknown name most likely meant: the same key in another
 * section (or with no section), else the nearest key within 2 edits. */
static const char *suggest_key(const char *name) {
  for (int k = 0; k < NKEYS; k++)
    if (!strcmp(bare_name(keys[k].name), bare_name(name)))
      return keys[k].name;
  const char *best = NULL;
  int best_d = 3;
  for (int k = 0; k < NKEYS; k++) {
    int d = edit_distance(name, keys[k].name);
    if (d < best_d) {
      best_d = d;
      best = keys[k].name;
    }
  }
  return best;
}

/* For a top-level name: a key of that name (written outside its section),
 * else the nearest section within 2 edits. */
static const char *suggest_section(const char *name) {
  for (int k = 0; k < NKEYS; k++)
    if (!strcmp(bare_name(keys[k].name), name))
      return keys[k].name;
  const char *best = NULL;
  int best_d = 3;
  for (int s = 0; s < NSECTIONS; s++) {
    int d = edit_distance(name, sections[s]);
    if (d < best_d) {
      best_d = d;
      best = sections[s];
    }
  }
  return best;
}

static amg_status unknown_key(const char *where, const char *name) {
  const char *hint = suggest_key(name);
  if (hint)
    return amg_error(AMG_ERR_CONFIG, "%s: unknown key '%s' (did you mean '%s'?)", where, name, hint);
  return amg_error(AMG_ERR_CONFIG, "%s: unknown key '%s'", where, name);
}

/* ---- values and their checks ---- */

typedef enum val_kind {
  VAL_INT, VAL_FLOAT, VAL_BOOL, VAL_STRING, VAL_EMPTY, VAL_GROUP, VAL_ARRAY, VAL_LIST
} val_kind;

typedef struct app_value {
  val_kind kind;
  int64_t i;     /* VAL_INT, VAL_BOOL */
  double d;      /* VAL_FLOAT */
  const char *s; /* VAL_STRING */
} app_value;

static const char *kind_name(val_kind k) {
  switch (k) {
  case VAL_INT: return "an integer";
  case VAL_FLOAT: return "a float";
  case VAL_BOOL: return "a boolean";
  case VAL_STRING: return "a string";
  case VAL_EMPTY: return "an empty value";
  case VAL_GROUP: return "a group";
  case VAL_ARRAY: return "an array";
  default: return "a list";
  }
}

static const char *type_name(key_type t) {
  switch (t) {
  case KEY_INT: return "an integer";
  case KEY_FLOAT: return "a number";
  case KEY_BOOL: return "true or false";
  default: return "a string";
  }
}

static int type_accepts(key_type t, val_kind k) {
  switch (t) {
  case KEY_INT: return k == VAL_INT;
  case KEY_FLOAT: return k == VAL_INT || k == VAL_FLOAT;
  case KEY_BOOL: return k == VAL_BOOL;
  default: return k == VAL_STRING;
  }
}

/* Shortest %g form that reads back as the same double. */
static void format_double(char *buf, size_t n, double d) {
  for (int p = 1; p <= 17; p++) {
    snprintf(buf, n, "%.*g", p, d);
    if (strtod(buf, NULL) == d)
      return;
  }
}

/* The field's type bounds an integer key's range too. */
static void int_bounds(const app_key *k, int64_t *lo, int64_t *hi) {
  *lo = k->lo;
  *hi = k->hi;
  if (k->size == 4) {
    if (*lo < INT32_MIN) *lo = INT32_MIN;
    if (*hi > INT32_MAX) *hi = INT32_MAX;
  }
}

/* The allowed values in words: "in 1..4096", ">= 1" (no upper bound but
 * the type's, which too_high spells out), "one of 5, 9, 7, 27",
 * "in [0, 1)", "one of \"tile\", \"cusparse\"". */
static void range_text(const app_key *k, int too_high, char *buf, size_t n) {
  size_t used = 0;
  char a[32], b[32];
  buf[0] = '\0';
  switch (k->type) {
  case KEY_INT:
    if (k->one_of) {
      used += snprintf(buf, n, "one of ");
      for (const int *v = k->one_of; *v && used < n; v++)
        used += snprintf(buf + used, n - used, "%s%d", v == k->one_of ? "" : ", ", *v);
    } else {
      int64_t lo, hi;
      int_bounds(k, &lo, &hi);
      if (hi == (k->size == 4 ? INT32_MAX : INT64_MAX) && !too_high)
        snprintf(buf, n, ">= %lld", (long long)lo);
      else
        snprintf(buf, n, "in %lld..%lld", (long long)lo, (long long)hi);
    }
    break;
  case KEY_FLOAT:
    format_double(a, sizeof a, k->flo);
    format_double(b, sizeof b, k->fhi);
    snprintf(buf, n, "in %c%s, %s%c", k->lo_open ? '(' : '[', a, b, k->hi_open ? ')' : ']');
    break;
  case KEY_CHOICE:
    used += snprintf(buf, n, "one of ");
    for (const key_choice *c = k->choices; c->name && used < n; c++)
      used += snprintf(buf + used, n - used, "%s\"%s\"", c == k->choices ? "" : ", ", c->name);
    break;
  case KEY_BOOL: snprintf(buf, n, "true or false"); break;
  default: break;
  }
}

static amg_status store_int(char *field, const app_key *k, int64_t v, const char *where) {
  int ok = 0;
  if (k->one_of) {
    for (const int *s = k->one_of; *s; s++)
      ok |= (v == *s);
  } else {
    int64_t lo, hi;
    int_bounds(k, &lo, &hi);
    ok = (v >= lo && v <= hi);
  }
  if (!ok) {
    char range[160];
    range_text(k, v > 0, range, sizeof range);
    return amg_error(AMG_ERR_CONFIG, "%s: %s = %lld is not %s", where, k->name, (long long)v, range);
  }
  if (k->size == 4) {
    int32_t v32 = (int32_t)v;
    memcpy(field, &v32, 4);
  } else {
    memcpy(field, &v, 8);
  }
  return AMG_OK;
}

static amg_status store_float(char *field, const app_key *k, double d, const char *where) {
  int ok = isfinite(d) && (k->lo_open ? d > k->flo : d >= k->flo) &&
           (k->hi_open ? d < k->fhi : d <= k->fhi);
  if (!ok) {
    char range[64], text[32];
    range_text(k, 0, range, sizeof range);
    format_double(text, sizeof text, d);
    /* libconfig reads a literal such as 1e-400 as 0, and its text is gone */
    return amg_error(AMG_ERR_CONFIG, "%s: %s = %s is not %s%s", where, k->name, text, range,
                     d == 0 ? " (a value of magnitude below 4.9e-324 reads as 0)" : "");
  }
  memcpy(field, &d, sizeof d);
  return AMG_OK;
}

static amg_status store_choice(char *field, const app_key *k, const char *s, const char *where) {
  const char *hint = NULL;
  int hint_d = 3;
  for (const key_choice *c = k->choices; c->name; c++) {
    if (!strcmp(c->name, s)) {
      memcpy(field, &c->value, sizeof c->value);
      return AMG_OK;
    }
    int d = edit_distance(s, c->name);
    if (d < hint_d) {
      hint_d = d;
      hint = c->name;
    }
  }
  char range[160];
  range_text(k, 0, range, sizeof range);
  if (hint)
    return amg_error(AMG_ERR_CONFIG, "%s: %s = \"%s\" is not %s (did you mean \"%s\"?)", where,
                     k->name, s, range, hint);
  return amg_error(AMG_ERR_CONFIG, "%s: %s = \"%s\" is not %s", where, k->name, s, range);
}

/* base: the config file whose directory a relative input path is resolved
 * against, or NULL to keep the path as given. */
static amg_status store_string(char *field, const app_key *k, const char *s, const char *where,
                               const char *base) {
  size_t dir_len = 0;
  if (k->type == KEY_PATH && base && s[0] != '\0' && s[0] != '/') {
    const char *slash = strrchr(base, '/');
    dir_len = slash ? (size_t)(slash - base) + 1 : 0;
  }
  if (dir_len + strlen(s) >= APP_PATH_MAX)
    return amg_error(AMG_ERR_CONFIG, "%s: %s is longer than %d bytes%s", where, k->name, APP_PATH_MAX - 1,
                     dir_len ? " once joined to the config file's directory" : "");
  snprintf(field, APP_PATH_MAX, "%.*s%s", (int)dir_len, base ? base : "", s);
  return AMG_OK;
}

/* Checks v against key k and stores it in cfg; where prefixes any message. */
static amg_status key_store(app_config *cfg, const app_key *k, const app_value *v, const char *where,
                            const char *base) {
  char *field = (char *)cfg + k->offset;
  if (!type_accepts(k->type, v->kind))
    return amg_error(AMG_ERR_CONFIG, "%s: %s must be %s (got %s)", where, k->name, type_name(k->type),
                     kind_name(v->kind));
  switch (k->type) {
  case KEY_INT: return store_int(field, k, v->i, where);
  case KEY_FLOAT: return store_float(field, k, v->kind == VAL_INT ? (double)v->i : v->d, where);
  case KEY_BOOL: {
    int b = v->i != 0;
    memcpy(field, &b, sizeof b);
    return AMG_OK;
  }
  case KEY_CHOICE: return store_choice(field, k, v->s, where);
  default: return store_string(field, k, v->s, where, base);
  }
}

/* key_store, and where the value came from into cfg->source (its end, where
 * longer: the line number stays). */
static amg_status key_apply(app_config *cfg, const app_key *k, const app_value *v, const char *where,
                            const char *base) {
  amg_status st = key_store(cfg, k, v, where, base);
  if (st == AMG_OK) {
    size_t len = strlen(where);
    char *source = cfg->source[k - keys];
    if (len < APP_SOURCE_MAX)
      memcpy(source, where, len + 1);
    else
      snprintf(source, APP_SOURCE_MAX, "...%s", where + len - (APP_SOURCE_MAX - 4));
  }
  return st;
}

/* The last message with, in front, where each key it names was set (in a
 * file or by --set; not a default): "file:line: ..." for one key, "file:line
 * (key); --set ... (key): ..." for more (st unchanged). */
static amg_status at_key_sources(const app_config *cfg, amg_status st) {
  if (st == AMG_OK)
    return st;
  const char *msg = amg_error_message();
  char front[3 * APP_SOURCE_MAX + 256] = "";
  int named = 0, shown = 0;
  const app_key *only = NULL;
  for (int k = 0; k < NKEYS; k++) {
    size_t len = strlen(keys[k].name);
    for (const char *at = strstr(msg, keys[k].name); at; at = strstr(at + 1, keys[k].name))
      if ((at == msg || !(isalnum((unsigned char)at[-1]) || at[-1] == '_' || at[-1] == '.')) &&
          !(isalnum((unsigned char)at[len]) || at[len] == '_')) {
        if (cfg->source[k][0] && shown < 3) {
          size_t used = strlen(front);
          snprintf(front + used, sizeof front - used, "%s%s (%s)", shown ? "; " : "", cfg->source[k], keys[k].name);
          only = &keys[k];
          shown++;
        }
        named++;
        break;
      }
  }
  if (shown == 1 && named == 1)
    return amg_error(st, "%s: %s", cfg->source[only - keys], msg);
  if (shown)
    return amg_error(st, "%s: %s", front, msg);
  return st;
}

/* ---- values from text (--set and the defaults) ---- */

/* 0: an integer (decimal, or hex with 0x); 1: not integer syntax;
 * 2: integer syntax but beyond 64 bits. */
static int parse_int(const char *t, int64_t *out) {
  const char *p = t + (t[0] == '-' || t[0] == '+');
  int hex = p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
  const char *digits = hex ? p + 2 : p;
  if (!(hex ? isxdigit((unsigned char)*digits) : isdigit((unsigned char)*digits)))
    return 1;
  for (const char *q = digits; *q; q++)
    if (!(hex ? isxdigit((unsigned char)*q) : isdigit((unsigned char)*q)))
      return 1;
  errno = 0;
  long long v = strtoll(t, NULL, hex ? 16 : 10);
  if (errno == ERANGE)
    return 2;
  *out = v;
  return 0;
}

/* A finite decimal number written with digits (no "nan" or "inf"). */
static int parse_float(const char *t, double *out) {
  char *end;
  int has_digit = 0;
  for (const char *q = t; *q; q++)
    has_digit |= isdigit((unsigned char)*q) != 0;
  if (!has_digit)
    return 0;
  double d = strtod(t, &end);
  if (end == t || *end != '\0')
    return 0;
  *out = d;
  return 1;
}

static int equals_nocase(const char *a, const char *b) {
  for (; *a && *b; a++, b++)
    if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
      return 0;
  return *a == *b;
}

/* What the text looks like, for the "(got ...)" of a type error. */
static val_kind classify(const char *t) {
  int64_t i;
  double d;
  if (t[0] == '\0') return VAL_EMPTY;
  if (t[0] == '"') return VAL_STRING;
  if (equals_nocase(t, "true") || equals_nocase(t, "false")) return VAL_BOOL;
  if (parse_int(t, &i) != 1) return VAL_INT;
  if (parse_float(t, &d)) return VAL_FLOAT;
  return VAL_STRING;
}

/* Reads text as the key's type. A string may be in double quotes (taken
 * literally, no escapes); t is modified to drop them. */
static amg_status value_of_text(const app_key *k, char *t, const char *where, app_value *v) {
  memset(v, 0, sizeof *v);
  int r;
  switch (k->type) {
  case KEY_INT:
    r = parse_int(t, &v->i);
    if (r == 2) {
      char range[160];
      range_text(k, t[0] != '-', range, sizeof range);
      return amg_error(AMG_ERR_CONFIG, "%s: %s = %s is not %s", where, k->name, t, range);
    }
    v->kind = r == 0 ? VAL_INT : classify(t);
    return AMG_OK;
  case KEY_FLOAT:
    if (parse_int(t, &v->i) == 0)
      v->kind = VAL_INT;
    else
      v->kind = parse_float(t, &v->d) ? VAL_FLOAT : classify(t);
    return AMG_OK;
  case KEY_BOOL:
    if (equals_nocase(t, "true") || equals_nocase(t, "false")) {
      v->kind = VAL_BOOL;
      v->i = equals_nocase(t, "true");
    } else {
      v->kind = classify(t);
    }
    return AMG_OK;
  default: {
    size_t n = strlen(t);
    if (t[0] == '"') {
      if (n < 2 || t[n - 1] != '"')
        return amg_error(AMG_ERR_CONFIG, "%s: %s has an unbalanced double quote", where, k->name);
      t[n - 1] = '\0';
      t++;
    }
    if (strchr(t, '"'))
      return amg_error(AMG_ERR_CONFIG, "%s: %s has a stray double quote", where, k->name);
    v->kind = VAL_STRING;
    v->s = t;
    return AMG_OK;
  }
  }
}

/* ---- values from libconfig ---- */

static void value_of_setting(const config_setting_t *s, app_value *v) {
  memset(v, 0, sizeof *v);
  switch (config_setting_type(s)) {
  case CONFIG_TYPE_INT:
  case CONFIG_TYPE_INT64:
    v->kind = VAL_INT;
    v->i = config_setting_get_int64(s);
    break;
  case CONFIG_TYPE_FLOAT:
    v->kind = VAL_FLOAT;
    v->d = config_setting_get_float(s);
    break;
  case CONFIG_TYPE_BOOL:
    v->kind = VAL_BOOL;
    v->i = config_setting_get_bool(s);
    break;
  case CONFIG_TYPE_STRING:
    v->kind = VAL_STRING;
    v->s = config_setting_get_string(s);
    break;
  case CONFIG_TYPE_GROUP: v->kind = VAL_GROUP; break;
  case CONFIG_TYPE_ARRAY: v->kind = VAL_ARRAY; break;
  default: v->kind = VAL_LIST; break;
  }
}

/* The name of a file that path @included (libconfig gives it as written;
 * it was opened relative to path's directory), for messages. */
static void include_name(const char *file, const char *path, char *buf, size_t n) {
  const char *slash = strrchr(path, '/');
  int dir_len = file[0] != '/' && slash ? (int)(slash - path) + 1 : 0;
  snprintf(buf, n, "%.*s%s", dir_len, path, file);
}

/* "file:line" for a line of path, or of the file it @included. */
static void source_where(const char *file, int line, const char *path, char *buf, size_t n) {
  char name[AMG_MESSAGE_MAX - 32]; /* room in buf for ":line" */
  if (file)
    include_name(file, path, name, sizeof name);
  snprintf(buf, n, "%s:%d", file ? name : path, line);
}

/* ", in: LINE" for line `line` (1-based) of text, trimmed and cut at 72
 * characters; "" if there is no such line or it is blank. */
static void quote_line(const char *text, int line, char *buf, size_t n) {
  buf[0] = '\0';
  for (int k = 1; k < line && text; k++) {
    text = strchr(text, '\n');
    text = text ? text + 1 : NULL;
  }
  if (!text || line < 1)
    return;
  text += strspn(text, " \t");
  int len = (int)strcspn(text, "\r\n");
  while (len > 0 && (text[len - 1] == ' ' || text[len - 1] == '\t'))
    len--;
  if (len > 0)
    snprintf(buf, n, ", in: %.*s%s", len < 72 ? len : 72, text, len > 72 ? "..." : "");
}

static void setting_where(const config_setting_t *s, const char *path, char *buf, size_t n) {
  source_where(config_setting_source_file(s), (int)config_setting_source_line(s), path, buf, n);
}

static amg_status read_section(app_config *cfg, const config_setting_t *sec, const char *path) {
  char where[AMG_MESSAGE_MAX], name[256];
  for (int j = 0; j < config_setting_length(sec); j++) {
    const config_setting_t *s = config_setting_get_elem(sec, (unsigned)j);
    setting_where(s, path, where, sizeof where);
    snprintf(name, sizeof name, "%s.%s", config_setting_name(sec), config_setting_name(s));
    const app_key *k = find_key(name);
    if (!k)
      return unknown_key(where, name);
    app_value v;
    value_of_setting(s, &v);
    amg_status st = key_apply(cfg, k, &v, where, path);
    if (st != AMG_OK)
      return st;
  }
  return AMG_OK;
}

static amg_status read_root(app_config *cfg, const config_setting_t *root, const char *path) {
  char where[AMG_MESSAGE_MAX];
  for (int i = 0; i < config_setting_length(root); i++) {
    const config_setting_t *sec = config_setting_get_elem(root, (unsigned)i);
    const char *name = config_setting_name(sec);
    setting_where(sec, path, where, sizeof where);
    int known = 0;
    for (int s = 0; s < NSECTIONS; s++)
      known |= !strcmp(name, sections[s]);
    if (!known) {
      const char *hint = suggest_section(name);
      if (hint)
        return amg_error(AMG_ERR_CONFIG, "%s: unknown section '%s' (did you mean '%s'?)", where, name,
                         hint);
      return amg_error(AMG_ERR_CONFIG,
                       "%s: unknown section '%s' (expected problem, amg, cycle, solver or output)",
                       where, name);
    }
    if (config_setting_type(sec) != CONFIG_TYPE_GROUP) {
      app_value v;
      value_of_setting(sec, &v);
      return amg_error(AMG_ERR_CONFIG, "%s: %s must be a group, %s = { ... }; (got %s)", where, name,
                       name, kind_name(v.kind));
    }
    amg_status st = read_section(cfg, sec, path);
    if (st != AMG_OK)
      return st;
  }
  return AMG_OK;
}

/* The rest of f as a string, f closed; a NUL byte is refused. name: f in messages. */
static amg_status read_stream(FILE *f, const char *name, char **out) {
  size_t len = 0, cap = 4096;
  char *text = malloc(cap);
  while (text) {
    len += fread(text + len, 1, cap - 1 - len, f);
    if (len < cap - 1)
      break;
    char *grown = realloc(text, cap * 2);
    if (!grown) {
      free(text);
      text = NULL;
    } else {
      text = grown;
      cap *= 2;
    }
  }
  if (!text) {
    fclose(f);
    return amg_error(AMG_ERR_NOMEM, "%s: out of memory reading the file", name);
  }
  int failed = ferror(f);
  int err = errno;
  fclose(f);
  if (failed) {
    free(text);
    return amg_error(AMG_ERR_IO, "%s: cannot read: %s", name, strerror(err));
  }
  text[len] = '\0';
  const char *not_text = fmt_not_plain_text(text, len);
  if (not_text) {
    free(text);
    return amg_error(AMG_ERR_CONFIG, "%s: the file %s", name, not_text);
  }
  if (strlen(text) != len) {
    int line = 1;
    for (const char *p = text; *p; p++)
      line += *p == '\n';
    free(text);
    return amg_error(AMG_ERR_CONFIG, "%s:%d: NUL byte (not a text file)", name, line);
  }
  *out = text;
  return AMG_OK;
}

/* The configuration file that st describes, or NULL. */
static const struct app_config_file *config_file_of(const app_config *cfg, const struct stat *st) {
  for (int k = 0; k < cfg->config_files; k++)
    if (cfg->config_file[k].dev == (uint64_t)st->st_dev && cfg->config_file[k].ino == (uint64_t)st->st_ino)
      return &cfg->config_file[k];
  return NULL;
}

/* Adds the configuration file st (name: as messages show it) to
 * cfg->config_file, once; cfg NULL: nothing to record. */
static amg_status note_config_file(app_config *cfg, const struct stat *st, const char *name) {
  if (!cfg || config_file_of(cfg, st))
    return AMG_OK;
  if (cfg->config_files == APP_CONFIG_FILES_MAX)
    return amg_error(AMG_ERR_CONFIG, "%s: more than %d configuration files (the file and its @includes)", name,
                     APP_CONFIG_FILES_MAX);
  struct app_config_file *file = &cfg->config_file[cfg->config_files++];
  file->dev = (uint64_t)st->st_dev;
  file->ino = (uint64_t)st->st_ino;
  snprintf(file->name, sizeof file->name, "%.*s", (int)sizeof file->name - 1, name);
  return AMG_OK;
}

/* The whole file as a string; a directory or a NUL byte is refused. The
 * file is noted in cfg's configuration files (cfg NULL: not). */
static amg_status read_text(const char *path, char **out, app_config *cfg) {
  FILE *f = fopen(path, "r");
  if (!f)
    return amg_error(AMG_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
  struct stat st;
  amg_status s = AMG_OK;
  if (fstat(fileno(f), &st) == 0) {
    if (S_ISDIR(st.st_mode))
      s = amg_error(AMG_ERR_IO, "%s: cannot open: %s", path, strerror(EISDIR));
    else if (S_ISREG(st.st_mode))
      s = note_config_file(cfg, &st, path);
  }
  if (s != AMG_OK) {
    fclose(f);
    return s;
  }
  return read_stream(f, path, out);
}

/* ---- what libconfig 1.5 does not check: @include targets, integer widths ---- */

#define INCLUDE_DEPTH_MAX 10 /* libconfig 1.5 refuses an @include in a file this deep */

typedef enum lex_kind { LEX_END, LEX_INTEGER, LEX_INCLUDE } lex_kind;

/* A walk over a file's text that follows libconfig 1.5's scanner only as
 * far as it must: comments, strings and names are skipped, number tokens
 * are read whole, and it stops at plain or L integers and at @include
 * directives. */
typedef struct lexer {
  const char *text, *p;
  int line;
  const char *tok; /* LEX_INTEGER: the literal as written, len bytes */
  int len, tok_line; /* the token's line */
  char *target;      /* LEX_INCLUDE: the file name as libconfig reads it (malloc'd, NULL: no memory) */
} lexer;

/* After the opening quote of an @include directive at p, or NULL: libconfig
 * matches ^[ \t]*@include[ \t]+" at the start of a line only. */
static const char *include_open(const char *text, const char *p) {
  if (p != text && p[-1] != '\n')
    return NULL;
  p += strspn(p, " \t");
  if (strncmp(p, "@include", 8))
    return NULL;
  size_t blank = strspn(p + 8, " \t");
  return blank > 0 && p[8 + blank] == '"' ? p + 9 + blank : NULL;
}

/* The file name from q (after the opening quote) to the closing one, which
 * lx->p is moved past: \\ and \" are escapes, any other backslash is dropped,
 * as libconfig's scanner does. LEX_END where the quote is not closed. */
static lex_kind lex_include(lexer *lx, const char *q) {
  const char *e = q;
  int lines = 0;
  for (; *e && *e != '"'; e++) {
    if (*e == '\\' && e[1]) e++;
    lines += *e == '\n';
  }
  if (!*e) {
    lx->p = e;
    return LEX_END; /* libconfig reports it */
  }
  lx->tok_line = lx->line;
  lx->line += lines;
  lx->p = e + 1;
  lx->target = malloc((size_t)(e - q) + 1);
  if (lx->target) {
    char *t = lx->target;
    for (; q < e; q++)
      if (*q != '\\')
        *t++ = *q;
      else if (q[1] == '\\' || q[1] == '"')
        *t++ = *++q;
    *t = '\0';
  }
  return LEX_INCLUDE;
}

/* A number token from p, lx->p moved past it: LEX_INTEGER with lx->tok and
 * len set, or LEX_END for a float. */
static lex_kind lex_number(lexer *lx, const char *p) {
  const char *start = p;
  if (*p == '-' || *p == '+') p++;
  int hex = p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
  int is_float = 0;
  for (; *p; p++) {
    if (*p == '.' || (!hex && (*p == 'e' || *p == 'E'))) is_float = 1;
    if (isalnum((unsigned char)*p) || *p == '.') continue;
    if ((*p == '+' || *p == '-') && !hex && (p[-1] == 'e' || p[-1] == 'E')) continue;
    break;
  }
  lx->p = p;
  if (is_float)
    return LEX_END;
  lx->tok = start;
  lx->len = (int)(p - start);
  lx->tok_line = lx->line;
  return LEX_INTEGER;
}

static lex_kind lex_next(lexer *lx) {
  for (;;) {
    const char *p = lx->p, *q;
    unsigned char c = (unsigned char)*p;
    if (!c)
      return LEX_END;
    if ((q = include_open(lx->text, p)))
      return lex_include(lx, q);
    if (c == '\n') {
      lx->line++;
      lx->p++;
    } else if (c == '#' || (c == '/' && p[1] == '/')) {
      lx->p += strcspn(p, "\n");
    } else if (c == '/' && p[1] == '*') {
      for (p += 2; *p && !(p[0] == '*' && p[1] == '/'); p++)
        lx->line += *p == '\n';
      lx->p = *p ? p + 2 : p;
    } else if (c == '"') {
      for (p++; *p && *p != '"'; p++) {
        if (*p == '\\' && p[1]) p++;
        lx->line += *p == '\n';
      }
      lx->p = *p ? p + 1 : p;
    } else if (isalpha(c) || c == '*' || c == '@') {
      for (p++; isalnum((unsigned char)*p) || *p == '_' || *p == '-' || *p == '*'; p++) {}
      lx->p = p;
    } else if (isdigit(c) || (c == '.' && isdigit((unsigned char)p[1])) ||
               ((c == '-' || c == '+') && isdigit((unsigned char)p[1]))) {
      if (lex_number(lx, p) == LEX_INTEGER)
        return LEX_INTEGER;
    } else {
      lx->p++;
    }
  }
}

/* An integer literal libconfig 1.5 would get wrong: a plain one outside 32
 * bits wraps (3000000000 reads as -1294967296), an L one outside 64 bits
 * saturates. name: the file in messages. */
static amg_status check_integer(const char *name, int line, const char *tok, int len) {
  const char *digits = tok + (tok[0] == '-' || tok[0] == '+');
  int hex = digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X');
  errno = 0;
  long long v = strtoll(tok, NULL, hex ? 16 : 10);
  if (errno == ERANGE)
    return amg_error(AMG_ERR_CONFIG, "%s:%d: integer %.*s does not fit in 64 bits", name, line, len, tok);
  if (tok[len - 1] != 'L' && (v > INT32_MAX || v < INT32_MIN))
    return amg_error(AMG_ERR_CONFIG,
                     "%s:%d: integer %.*s does not fit in 32 bits (libconfig would wrap it; "
                     "write %.*sL for a 64-bit integer)",
                     name, line, len, tok, len, tok);
  return AMG_OK;
}

/* dir/target, the file libconfig 1.5 opens for an @include (it puts the
 * include directory even before an absolute name); malloc'd. */
static char *include_path(const char *dir, const char *target) {
  size_t n = (dir ? strlen(dir) + 1 : 0) + strlen(target) + 1;
  char *file = malloc(n);
  if (file)
    snprintf(file, n, "%s%s%s", dir ? dir : "", dir ? "/" : "", target);
  return file;
}

/* An @include's file, read whole: it must be a readable regular file (on a
 * directory libconfig's scanner exits the process), else an error at the
 * directive. where: "file:line"; quoted: the directive, from quote_line. */
static amg_status read_include(const char *where, const char *quoted, const char *file, const char *shown,
                               char **text, app_config *cfg) {
  struct stat st;
  const char *why = NULL;
  FILE *f = NULL;
  if (stat(file, &st) != 0)
    why = strerror(errno);
  else if (!S_ISREG(st.st_mode))
    why = S_ISDIR(st.st_mode) ? strerror(EISDIR) : "not a regular file";
  else if (!(f = fopen(file, "r")))
    why = strerror(errno);
  if (why)
    return amg_error(AMG_ERR_CONFIG, "%s: cannot open include file%s (%s: %s)", where, quoted, file, why);
  amg_status s = note_config_file(cfg, &st, shown);
  if (s != AMG_OK) {
    fclose(f);
    return s;
  }
  return read_stream(f, shown, text);
}

static amg_status check_text(const char *name, const char *text, const char *dir, const char *path, int depth,
                             int ints, int *too_deep, app_config *cfg);

/* The file of the @include that lx stopped at, and the files it includes. */
static amg_status check_include(const char *name, const char *text, const lexer *lx, const char *dir,
                                const char *path, int depth, int ints, int *too_deep, app_config *cfg) {
  char where[AMG_MESSAGE_MAX], quoted[96], shown[AMG_MESSAGE_MAX];
  char *file = lx->target ? include_path(dir, lx->target) : NULL, *inc = NULL;
  if (!file)
    return amg_error(AMG_ERR_NOMEM, "%s:%d: out of memory", name, lx->tok_line);
  snprintf(where, sizeof where, "%s:%d", name, lx->tok_line);
  quote_line(text, lx->tok_line, quoted, sizeof quoted);
  include_name(lx->target, path, shown, sizeof shown);
  amg_status st = read_include(where, quoted, file, shown, &inc, cfg);
  free(file);
  if (st == AMG_OK)
    st = check_text(shown, inc, dir, path, depth + 1, ints, too_deep, cfg);
  free(inc);
  return st;
}

/* The text of one file (name in messages) at include depth `depth`, and the
 * files it @includes: each @include names a readable regular file; with
 * ints, no integer literal wraps or saturates. The first check runs before
 * libconfig reads the text, with ints after it has accepted the syntax.
 * dir: libconfig's include directory (NULL for none); path: the config file.
 * An @include at INCLUDE_DEPTH_MAX sets *too_deep and ends the whole walk:
 * libconfig, reading in the same order, stops there with "include file
 * nesting too deep" (walking on would take exponential time on a file that
 * includes itself several times). Each file read is noted in cfg's
 * configuration files (cfg NULL: not). */
static amg_status check_text(const char *name, const char *text, const char *dir, const char *path, int depth,
                             int ints, int *too_deep, app_config *cfg) {
  lexer lx = {.text = text, .p = text, .line = 1};
  amg_status st = AMG_OK;
  lex_kind k;
  while (st == AMG_OK && !*too_deep && (k = lex_next(&lx)) != LEX_END) {
    if (k == LEX_INTEGER) {
      if (ints)
        st = check_integer(name, lx.tok_line, lx.tok, lx.len);
    } else {
      if (depth < INCLUDE_DEPTH_MAX)
        st = check_include(name, text, &lx, dir, path, depth, ints, too_deep, cfg);
      else
        *too_deep = 1;
      free(lx.target);
      lx.target = NULL;
    }
  }
  return st;
}

/* ---- the interface ---- */

void app_config_default(app_config *cfg) {
  memset(cfg, 0, sizeof *cfg);
  amg_options_default(&cfg->amg); /* fields with no key (backend) keep the library's default */
  char text[64];
  for (int k = 0; k < NKEYS; k++) {
    app_value v;
    snprintf(text, sizeof text, "%s", keys[k].def);
    /* Cannot fail for a correct table; test_config checks every default. */
    if (value_of_text(&keys[k], text, "default", &v) == AMG_OK)
      key_store(cfg, &keys[k], &v, "default", NULL);
  }
}

/* The directory that path's @include directives are relative to, as
 * libconfig is told it (malloc'd), or NULL for the current one. */
static amg_status include_dir(const char *path, char **dir) {
  const char *slash = strrchr(path, '/');
  *dir = NULL;
  if (!slash)
    return AMG_OK;
  size_t n = slash == path ? 1 : (size_t)(slash - path);
  if (!(*dir = malloc(n + 1)))
    return amg_error(AMG_ERR_NOMEM, "%s: out of memory", path);
  memcpy(*dir, path, n);
  (*dir)[n] = '\0';
  return AMG_OK;
}

/* libconfig's reading of path's text; its error naming file:line. */
static amg_status parse_text(config_t *lc, const char *text, const char *path) {
  if (config_read_string(lc, text))
    return AMG_OK;
  char where[AMG_MESSAGE_MAX], quoted[96] = "";
  source_where(config_error_file(lc), config_error_line(lc), path, where, sizeof where);
  if (!config_error_file(lc)) /* in this file's text: quote the line (an @include names its file there) */
    quote_line(text, config_error_line(lc), quoted, sizeof quoted);
  return amg_error(config_error_type(lc) == CONFIG_ERR_FILE_IO ? AMG_ERR_IO : AMG_ERR_CONFIG, "%s: %s%s",
                   where, config_error_text(lc), quoted);
}

/* The settings read, applied to a copy of cfg and then to cfg: all or nothing. */
static amg_status apply_settings(app_config *cfg, const config_t *lc, const char *path) {
  app_config *work = malloc(sizeof *work);
  if (!work)
    return amg_error(AMG_ERR_NOMEM, "%s: out of memory", path);
  *work = *cfg;
  amg_status st = read_root(work, config_root_setting(lc), path);
  if (st == AMG_OK)
    *cfg = *work;
  free(work);
  return st;
}

amg_status app_config_load(app_config *cfg, const char *path) {
  if (!cfg || !path)
    return amg_error(AMG_ERR_ARG, "app_config_load: NULL argument");
  char *text = NULL, *dir = NULL;
  int too_deep = 0; /* check_text's */
  amg_status st = read_text(path, &text, cfg);
  if (st == AMG_OK)
    st = include_dir(path, &dir);
  config_t lc;
  config_init(&lc);
  if (dir)
    config_set_include_dir(&lc, dir);
  if (st == AMG_OK) /* every @include a readable file, before libconfig's scanner opens it */
    st = check_text(path, text, dir, path, 0, 0, &too_deep, cfg);
  if (st == AMG_OK)
    st = parse_text(&lc, text, path);
  if (st == AMG_OK) /* integer literals, in the included files too */
    st = check_text(path, text, dir, path, 0, 1, &too_deep, NULL);
  if (st == AMG_OK)
    st = apply_settings(cfg, &lc, path);
  config_destroy(&lc);
  free(dir);
  free(text);
  return st;
}

static char *trim(char *s) {
  while (isspace((unsigned char)*s)) s++;
  size_t n = strlen(s);
  while (n > 0 && isspace((unsigned char)s[n - 1])) s[--n] = '\0';
  return s;
}

amg_status app_config_set(app_config *cfg, const char *assignment) {
  if (!cfg || !assignment)
    return amg_error(AMG_ERR_ARG, "app_config_set: NULL argument");
  /* a long assignment is cut short so that the message still fits */
  char where[160];
  if (strlen(assignment) > 120)
    snprintf(where, sizeof where, "--set %.100s...", assignment);
  else
    snprintf(where, sizeof where, "--set %s", assignment);
  char *copy = malloc(strlen(assignment) + 1);
  if (!copy)
    return amg_error(AMG_ERR_NOMEM, "%s: out of memory", where);
  strcpy(copy, assignment);

  amg_status st;
  char *eq = strchr(copy, '=');
  if (eq) *eq = '\0';
  char *name = trim(copy);
  const app_key *k = NULL;
  if (!eq || name[0] == '\0') {
    st = amg_error(AMG_ERR_CONFIG, "%s: expected section.key=value", where);
  } else if (!(k = find_key(name))) {
    st = unknown_key(where, name);
  } else {
    app_value v;
    st = value_of_text(k, trim(eq + 1), where, &v);
    if (st == AMG_OK)
      st = key_apply(cfg, k, &v, where, NULL);
  }
  free(copy);
  return st;
}

/* The key an assignment names, trimmed, kept in buf (n bytes); "" where
 * there is no '=' (app_config_set names that fault). */
static const char *assignment_key(const char *assignment, char *buf, size_t n) {
  const char *eq = strchr(assignment, '=');
  size_t len = eq ? (size_t)(eq - assignment) : 0;
  snprintf(buf, n, "%.*s", (int)(len < n ? len : n - 1), assignment);
  return trim(buf);
}

amg_status app_config_check_sets(const char *const *sets, int nsets) {
  char buf_a[128], buf_b[128];
  for (int i = 0; i < nsets; i++) {
    const char *a = assignment_key(sets[i], buf_a, sizeof buf_a);
    for (int j = 0; j < i && a[0]; j++)
      if (!strcmp(a, assignment_key(sets[j], buf_b, sizeof buf_b)))
        return amg_error(AMG_ERR_CONFIG, "--set %.100s and --set %.100s both set %s; give each key once", sets[j],
                         sets[i], a);
  }
  return AMG_OK;
}

/* The configuration file that path names (following links), or NULL. */
static const char *config_file_at(const app_config *cfg, const char *path) {
  struct stat st;
  const struct app_config_file *file = stat(path, &st) == 0 ? config_file_of(cfg, &st) : NULL;
  return file ? file->name : NULL;
}

/* An output path that cannot be written (a directory, a missing or
 * read-only directory, a read-only file), found before the setup and solve
 * rather than after them. Writing can still fail later (a full disk). */
static amg_status check_output_place(const app_config *cfg, const char *key, const char *path) {
  struct stat st;
  const char *why = NULL, *what = path;
  char dir[APP_PATH_MAX];
  if (!path[0])
    return AMG_OK;
  if (stat(path, &st) == 0) {
    if (S_ISDIR(st.st_mode))
      why = strerror(EISDIR);
    else if (access(path, W_OK) != 0)
      why = strerror(errno);
  } else if (errno != ENOENT) {
    why = strerror(errno);
  } else { /* a new file: its directory must exist and take it */
    app_parent_dir(path, dir, sizeof dir);
    what = dir;
    if (stat(dir, &st) != 0)
      why = strerror(errno);
    else if (!S_ISDIR(st.st_mode))
      why = strerror(ENOTDIR);
    else if (access(dir, W_OK | X_OK) != 0)
      why = strerror(errno);
  }
  if (!why)
    return AMG_OK;
  return at_key_sources(cfg, amg_error(AMG_ERR_IO, "%s = \"%s\" cannot be written (%s: %s)", key, path, what, why));
}

/* The files written (output.solution, output.report) must differ from each
 * other, from every input file that is read and from the configuration's
 * files, and be writable where they are. */
static amg_status check_output_paths(const app_config *cfg) {
  const struct { const char *key, *value; int used, output; } files[] = {
      {"output.solution", cfg->solution, 1, 1},
      {"output.report", cfg->report, 1, 1},
      {"problem.file", cfg->file, cfg->problem_type == APP_PROBLEM_MATRIX_MARKET, 0},
      {"problem.rhs_file", cfg->rhs_file, cfg->rhs == APP_RHS_FILE, 0},
      {"problem.x0_file", cfg->x0_file, 1, 0}};
  size_t count = sizeof files / sizeof files[0];
  for (size_t o = 0; o < count && files[o].output; o++)
    for (size_t k = o + 1; k < count; k++)
      if (files[o].value[0] && files[k].used && files[k].value[0] && app_same_file(files[o].value, files[k].value))
        return at_key_sources(cfg,
                              amg_error(AMG_ERR_CONFIG, "%s = \"%s\" is the same file as %s = \"%s\"; give %s another "
                                       "path", files[o].key, files[o].value, files[k].key, files[k].value,
                                       files[o].key));
  for (size_t o = 0; o < count && files[o].output; o++) {
    const char *config = files[o].value[0] ? config_file_at(cfg, files[o].value) : NULL;
    if (config)
      return at_key_sources(cfg, amg_error(AMG_ERR_CONFIG,
                                           "%s = \"%s\" is the configuration file %s; give %s another path",
                                           files[o].key, files[o].value, config, files[o].key));
  }
  for (size_t o = 0; o < count && files[o].output; o++) {
    amg_status st = check_output_place(cfg, files[o].key, files[o].value);
    if (st != AMG_OK)
      return st;
  }
  return AMG_OK;
}

/* The name of a choice key's value, as a config file writes it. */
static const char *choice_name(const key_choice *choices, int value) {
  while (choices->name && choices->value != value)
    choices++;
  return choices->name ? choices->name : "?";
}

/* A file key set (not "") where the problem reads no such file: the data
 * the user meant is not what would be solved. */
static amg_status check_unread_files(const app_config *cfg) {
  if (cfg->file[0] && cfg->problem_type != APP_PROBLEM_MATRIX_MARKET)
    return at_key_sources(cfg, amg_error(AMG_ERR_CONFIG,
                                         "problem.file = \"%s\" is set, but problem.type = \"%s\" does not "
                                         "read it; set problem.type = \"matrix_market\", or problem.file = \"\"",
                                         cfg->file, choice_name(problem_types, cfg->problem_type)));
  if (cfg->rhs_file[0] && cfg->rhs != APP_RHS_FILE)
    return at_key_sources(cfg, amg_error(AMG_ERR_CONFIG,
                                         "problem.rhs_file = \"%s\" is set, but problem.rhs = \"%s\" does not "
                                         "read it; set problem.rhs = \"file\", or problem.rhs_file = \"\"",
                                         cfg->rhs_file, choice_name(rhs_kinds, cfg->rhs)));
  return AMG_OK;
}

amg_status app_config_finish(app_config *cfg) {
  if (!cfg)
    return amg_error(AMG_ERR_ARG, "app_config_finish: NULL argument");
  amg_status st = check_output_paths(cfg);
  if (st == AMG_OK)
    st = check_unread_files(cfg);
  if (st != AMG_OK)
    return st;
  if (cfg->problem_type == APP_PROBLEM_MATRIX_MARKET && cfg->file[0] == '\0')
    return at_key_sources(cfg, amg_error(AMG_ERR_CONFIG, "problem.type = \"matrix_market\" needs problem.file"));
  if (cfg->rhs == APP_RHS_FILE && cfg->rhs_file[0] == '\0')
    return at_key_sources(cfg, amg_error(AMG_ERR_CONFIG, "problem.rhs = \"file\" needs problem.rhs_file"));
  if (cfg->problem_type == APP_PROBLEM_POISSON) {
    int s = cfg->stencil;
    int dims = fmt_poisson_dims(s);
    if (dims == 0)
      return amg_error(AMG_ERR_CONFIG, "problem.stencil = %d is not one of 5, 9, 7, 27", s);
    if (cfg->n < 1)
      return amg_error(AMG_ERR_CONFIG, "problem.n = %d is not >= 1", (int)cfg->n);
    int64_t rows = cfg->n;
    for (int d = 1; d < dims; d++) {
      if (rows > INT32_MAX / cfg->n)
        return at_key_sources(cfg,
                              amg_error(AMG_ERR_CONFIG,
                                       "problem.n = %d with problem.stencil = %d gives %d^%d rows, more than 2^31-1",
                                       (int)cfg->n, s, (int)cfg->n, dims));
      rows *= cfg->n;
    }
  }
  return app_config_check_options(cfg);
}

int app_config_unused(const app_config *cfg, char *list, size_t size) {
  const struct { const char *key; int unused; } checks[] = {
      {"problem.stencil", cfg->problem_type == APP_PROBLEM_MATRIX_MARKET},
      {"problem.n", cfg->problem_type == APP_PROBLEM_MATRIX_MARKET},
      {"problem.rhs_seed", cfg->rhs != APP_RHS_RANDOM}};
  int found = 0;
  if (size > 0)
    list[0] = '\0';
  for (size_t c = 0; c < sizeof checks / sizeof checks[0]; c++) {
    const app_key *k = find_key(checks[c].key);
    if (!checks[c].unused || !cfg->source[k - keys][0])
      continue;
    size_t used = strlen(list);
    if (size > used)
      snprintf(list + used, size - used, "%s%s (%s)", found ? ", " : "", checks[c].key, cfg->source[k - keys]);
    found++;
  }
  return found;
}

amg_status app_config_check_options(const app_config *cfg) {
  return at_key_sources(cfg, amg_options_check(&cfg->amg)); /* its messages name the keys */
}

void app_config_print_reference(FILE *f) {
  fputs("# amg_solve configuration (libconfig syntax), generated by app_config_print_reference\n"
        "# from the schema in apps/app_config.c. Every key is optional and shown at its\n"
        "# default; sections and keys may come in any order, and an unknown key is an error.\n"
        "# Any key can be overridden on the command line: --set section.key=value.\n",
        f);
  for (int s = 0; s < NSECTIONS; s++) {
    fprintf(f, "\n# %s\n%s = {\n", section_docs[s], sections[s]);
    size_t len = strlen(sections[s]);
    int first = 1;
    for (int k = 0; k < NKEYS; k++) {
      const app_key *key = &keys[k];
      if (strncmp(key->name, sections[s], len) || key->name[len] != '.')
        continue;
      char range[160];
      range_text(key, 0, range, sizeof range);
      int quoted = key->type == KEY_CHOICE || key->type == KEY_PATH || key->type == KEY_STRING;
      fprintf(f, "%s  # %s\n  %s = %s%s%s;", first ? "" : "\n", key->doc, bare_name(key->name),
              quoted ? "\"" : "", key->def, quoted ? "\"" : "");
      if (key->type == KEY_INT)
        fprintf(f, "  # integer%s %s\n", key->one_of ? "," : "", range);
      else if (key->type == KEY_FLOAT)
        fprintf(f, "  # number %s\n", range);
      else if (key->type == KEY_PATH || key->type == KEY_STRING)
        fprintf(f, "  # path\n");
      else
        fprintf(f, "  # %s\n", range);
      first = 0;
    }
    fprintf(f, "};\n");
  }
}
