/* The schema of amg_solve's configuration (config_schema.h): the table of
 * keys, the sections, and the texts generated from them (the allowed values
 * in words, the reference). */
#include "config_schema.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Choice and integer fields are stored as 4-byte ints through memcpy. */
_Static_assert(sizeof(int) == 4, "int fields are stored as int32_t");
_Static_assert(sizeof(app_problem_type) == sizeof(int) && sizeof(app_rhs) == sizeof(int) &&
                   sizeof(app_reorder) == sizeof(int) &&
                   sizeof(amg_galerkin_order) == sizeof(int) && sizeof(spgemm_backend) == sizeof(int) &&
                   sizeof(amg_solver_kind) == sizeof(int),
               "choice fields are stored as int");

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
const app_key app_keys[] = {
    CHOICE_KEY("problem.type", problem_type, "poisson", problem_types,
               "a Poisson model problem on a grid, or the matrix in problem.file"),
    SET_KEY("problem.stencil", stencil, "5", stencils,
            "Poisson stencil: 5 or 9 points (2D, n^2 rows), 7 or 27 points (3D, n^3 rows)"),
    INT_KEY("problem.n", n, "64", 1, INT32_MAX,
            "Poisson grid points per side; n^2 or n^3 rows must not exceed 2^31-1"),
    PATH_KEY("problem.file", file, "",
             "Matrix Market file (coordinate or array) for type = \"matrix_market\", relative to this file's "
             "directory"),
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
const int app_key_count = (int)(sizeof app_keys / sizeof app_keys[0]);
_Static_assert(sizeof app_keys / sizeof app_keys[0] <= APP_KEYS_MAX, "app_config.source needs a row per key");

const char *const app_sections[] = {"problem", "amg", "cycle", "solver", "output"};
static const char *const section_docs[] = {
    "problem: the linear system A x = b",
    "amg: the smoothed-aggregation hierarchy",
    "cycle: the V-cycle's smoother",
    "solver: the outer iteration",
    "output: what amg_solve reports",
};
const int app_section_count = (int)(sizeof app_sections / sizeof app_sections[0]);
_Static_assert(sizeof section_docs == sizeof app_sections, "a line of documentation per section");

const app_key *app_key_find(const char *name) {
  for (int k = 0; k < app_key_count; k++)
    if (!strcmp(app_keys[k].name, name))
      return &app_keys[k];
  return NULL;
}

const char *app_key_bare_name(const char *name) {
  const char *dot = strchr(name, '.');
  return dot ? dot + 1 : name;
}

int app_is_section(const char *name) {
  for (int s = 0; s < app_section_count; s++)
    if (!strcmp(name, app_sections[s]))
      return 1;
  return 0;
}

const char *app_choice_name(const app_key *k, int value) {
  const key_choice *c = k->choices;
  while (c->name && c->value != value)
    c++;
  return c->name ? c->name : "?";
}

/* Shortest %g form that reads back as the same double. */
void app_format_double(char *buf, size_t n, double d) {
  for (int p = 1; p <= 17; p++) {
    snprintf(buf, n, "%.*g", p, d);
    if (strtod(buf, NULL) == d)
      return;
  }
}

/* The field's type bounds an integer key's range too. */
void app_int_bounds(const app_key *k, int64_t *lo, int64_t *hi) {
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
void app_range_text(const app_key *k, int too_high, char *buf, size_t n) {
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
      app_int_bounds(k, &lo, &hi);
      if (hi == (k->size == 4 ? INT32_MAX : INT64_MAX) && !too_high)
        snprintf(buf, n, ">= %lld", (long long)lo);
      else
        snprintf(buf, n, "in %lld..%lld", (long long)lo, (long long)hi);
    }
    break;
  case KEY_FLOAT:
    app_format_double(a, sizeof a, k->flo);
    app_format_double(b, sizeof b, k->fhi);
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

void app_config_print_reference(FILE *f) {
  fputs("# amg_solve configuration (libconfig syntax), generated by app_config_print_reference\n"
        "# from the schema in apps/config_schema.c. Every key is optional and shown at its\n"
        "# default; sections and keys may come in any order, and an unknown key is an error.\n"
        "# Any key can be overridden on the command line: --set section.key=value.\n",
        f);
  for (int s = 0; s < app_section_count; s++) {
    fprintf(f, "\n# %s\n%s = {\n", section_docs[s], app_sections[s]);
    size_t len = strlen(app_sections[s]);
    int first = 1;
    for (int k = 0; k < app_key_count; k++) {
      const app_key *key = &app_keys[k];
      if (strncmp(key->name, app_sections[s], len) || key->name[len] != '.')
        continue;
      char range[160];
      app_range_text(key, 0, range, sizeof range);
      int quoted = key->type == KEY_CHOICE || key->type == KEY_PATH || key->type == KEY_STRING;
      fprintf(f, "%s  # %s\n  %s = %s%s%s;", first ? "" : "\n", key->doc, app_key_bare_name(key->name),
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
