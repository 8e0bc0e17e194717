/* amg_solve's configuration layer (apps/app_config.h). The defaults equal
 * amg_options_default; a file setting every key (sections out of order, an
 * integer for a float key, a 64-bit seed) sets each value; --set overrides
 * win, with every value syntax; relative input paths follow the config's
 * directory (and @include), --set paths stay as given; the generated
 * reference loads back to the defaults. Every error names its origin exactly
 * ("name.cfg:LINE:" or "--set ...") and leaves the configuration unchanged:
 * unknown keys and sections with and without a suggestion, wrong types, out
 * of range values, syntax errors, integers libconfig would wrap or saturate
 * (in @included files too), missing files and directories, an @include of a
 * directory (libconfig's scanner would exit the process); app_config_finish's
 * cross-key checks, output.solution against the report and the inputs. Config
 * files are written to the working directory as tcfg_* and removed. */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app_config.h"
#include "test_util.h"

#define DIR "tcfg_dir"

#define WRITTEN_MAX 128 /* files the test writes, removed at its end */
static const char *written[WRITTEN_MAX];
static int n_written;

static void write_file(const char *name, const char *text) {
  FILE *f = fopen(name, "w");
  CHECK(f != NULL, "cannot write %s", name);
  if (!f)
    return;
  fputs(text, f);
  fclose(f);
  int seen = 0;
  for (int i = 0; i < n_written; i++)
    seen |= !strcmp(written[i], name);
  if (!seen && n_written < WRITTEN_MAX)
    written[n_written++] = name;
}

static void remove_files(void) {
  for (int i = 0; i < n_written; i++)
    remove(written[i]);
  rmdir(DIR "/sub");
  rmdir(DIR);
}

/* Field-by-field equality (no padding compared). */
static int config_equal(const app_config *a, const app_config *b) {
  const amg_options *x = &a->amg, *y = &b->amg;
  return a->problem_type == b->problem_type && a->stencil == b->stencil && a->n == b->n &&
         !strcmp(a->file, b->file) && a->rhs == b->rhs && a->rhs_seed == b->rhs_seed &&
         !strcmp(a->rhs_file, b->rhs_file) && !strcmp(a->report, b->report) &&
         x->backend == y->backend &&
         x->strength_theta == y->strength_theta &&
         x->strength_theta_coarse == y->strength_theta_coarse && x->prolongator_omega == y->prolongator_omega &&
         x->rho_steps == y->rho_steps && x->galerkin_order == y->galerkin_order &&
         x->spgemm == y->spgemm && x->galerkin_symmetric == y->galerkin_symmetric &&
         x->galerkin_symmetric_min_rows == y->galerkin_symmetric_min_rows &&
         x->coarse_size == y->coarse_size &&
         x->max_levels == y->max_levels && x->pre_sweeps == y->pre_sweeps &&
         x->post_sweeps == y->post_sweeps && x->jacobi_omega == y->jacobi_omega &&
         x->solver == y->solver && x->tol == y->tol && x->max_iter == y->max_iter &&
         x->verbose == y->verbose;
}

static void check_defaults(void) {
  app_config c;
  amg_options o;
  app_config_default(&c);
  amg_options_default(&o);
  CHECK(c.amg.backend == o.backend, "backend");
  CHECK(c.amg.strength_theta == o.strength_theta, "strength_theta %g", c.amg.strength_theta);
  CHECK(c.amg.strength_theta_coarse == o.strength_theta_coarse, "strength_theta_coarse %g",
        c.amg.strength_theta_coarse);
  CHECK(c.amg.prolongator_omega == o.prolongator_omega, "prolongator_omega %.17g", c.amg.prolongator_omega);
  CHECK(c.amg.rho_steps == o.rho_steps, "rho_steps %d", c.amg.rho_steps);
  CHECK(c.amg.galerkin_order == o.galerkin_order, "galerkin_order %d", (int)c.amg.galerkin_order);
  CHECK(c.amg.spgemm == o.spgemm, "spgemm %d", (int)c.amg.spgemm);
  CHECK(c.amg.galerkin_symmetric == o.galerkin_symmetric && o.galerkin_symmetric == 1, "galerkin_symmetric %d",
        c.amg.galerkin_symmetric);
  CHECK(c.amg.galerkin_symmetric_min_rows == o.galerkin_symmetric_min_rows && o.galerkin_symmetric_min_rows == 4096,
        "galerkin_symmetric_min_rows %d", c.amg.galerkin_symmetric_min_rows);
  CHECK(c.amg.coarse_size == o.coarse_size, "coarse_size %d", c.amg.coarse_size);
  CHECK(c.amg.max_levels == o.max_levels, "max_levels %d", c.amg.max_levels);
  CHECK(c.amg.pre_sweeps == o.pre_sweeps && c.amg.post_sweeps == o.post_sweeps, "sweeps");
  CHECK(c.amg.jacobi_omega == o.jacobi_omega, "jacobi_omega %g", c.amg.jacobi_omega);
  CHECK(c.amg.solver == o.solver, "solver %d", (int)c.amg.solver);
  CHECK(c.amg.tol == o.tol, "tol %g", c.amg.tol);
  CHECK(c.amg.max_iter == o.max_iter, "max_iter %d", c.amg.max_iter);
  /* output.verbose is amg.verbose, true by default */
  CHECK(c.amg.verbose == 1, "amg.verbose %d", c.amg.verbose);
  CHECK(c.problem_type == APP_PROBLEM_POISSON && c.stencil == 5 && c.n == 64, "problem defaults");
  CHECK(c.rhs == APP_RHS_ONES && c.rhs_seed == 1, "rhs defaults");
  CHECK(c.file[0] == '\0' && c.rhs_file[0] == '\0' && c.report[0] == '\0', "empty paths");
  CHECK_OK(app_config_finish(&c));

  /* an empty file and empty sections change nothing */
  app_config d;
  app_config_default(&d);
  write_file("tcfg_empty.cfg", "");
  CHECK_OK(app_config_load(&d, "tcfg_empty.cfg"));
  write_file("tcfg_empty_sections.cfg",
             "# nothing set\nproblem = {};\namg = { };\ncycle: {}\nsolver = {};\noutput = {};\n");
  CHECK_OK(app_config_load(&d, "tcfg_empty_sections.cfg"));
  CHECK(config_equal(&c, &d), "empty file or sections changed the defaults");
}

/* Every key, none at its default, sections in reverse order. */
static const char full_text[] =
    "# every key, none at its default\n"
    "output = {\n"
    "  report = \"out/run_3000000000.json\";  # seed 99999999999 in a comment\n"
    "  verbose = false;\n"
    "};\n"
    "solver = { type = \"stationary\"; tol = 1e-6; max_iter = 250; };\n"
    "cycle = {\n"
    "  post_sweeps = 3;\n"
    "  pre_sweeps = 2;\n"
    "  jacobi_omega = 0.6;\n"
    "};\n"
    "amg = {\n"
    "  strength_theta = 0.25;\n"
    "  strength_theta_coarse = 0.125;\n"
    "  galerkin_order = \"pta_p\";\n"
    "  spgemm = \"cusparse\";\n"
    "  galerkin_symmetric = false;\n"
    "  galerkin_symmetric_min_rows = 0;\n"
    "  coarse_size = 200;\n"
    "  max_levels = 7;\n"
    "  prolongator_omega = 1;  // an integer for a float key\n"
    "  rho_steps = 20;\n"
    "};\n"
    "problem = {\n"
    "  type = \"matrix_market\";\n"
    "  stencil = 27;\n"
    "  n = 33;\n"
    "  file = \"mats/a.mtx\";\n"
    "  rhs = \"file\";\n"
    "  rhs_seed = 12345678901L;\n"
    "  rhs_file = \"/abs/b.txt\";\n"
    "};\n";

static void check_full_file(void) {
  app_config c;
  app_config_default(&c);
  write_file(DIR "/full.cfg", full_text);
  CHECK_OK(app_config_load(&c, DIR "/full.cfg"));
  CHECK(c.problem_type == APP_PROBLEM_MATRIX_MARKET, "type %d", (int)c.problem_type);
  CHECK(c.stencil == 27, "stencil %d", c.stencil);
  CHECK(c.n == 33, "n %d", c.n);
  CHECK(!strcmp(c.file, DIR "/mats/a.mtx"), "file '%s' not resolved against the config", c.file);
  CHECK(c.rhs == APP_RHS_FILE, "rhs %d", (int)c.rhs);
  CHECK(c.rhs_seed == 12345678901LL, "rhs_seed %lld", (long long)c.rhs_seed);
  CHECK(!strcmp(c.rhs_file, "/abs/b.txt"), "rhs_file '%s'", c.rhs_file);
  CHECK(c.amg.strength_theta == 0.25, "strength_theta %g", c.amg.strength_theta);
  CHECK(c.amg.strength_theta_coarse == 0.125, "strength_theta_coarse %g", c.amg.strength_theta_coarse);
  CHECK(c.amg.galerkin_order == AMG_GALERKIN_PTA_P, "galerkin_order %d", (int)c.amg.galerkin_order);
  CHECK(c.amg.spgemm == SPGEMM_CUSPARSE, "spgemm %d", (int)c.amg.spgemm);
  CHECK(c.amg.galerkin_symmetric == 0, "galerkin_symmetric %d", c.amg.galerkin_symmetric);
  CHECK(c.amg.galerkin_symmetric_min_rows == 0, "galerkin_symmetric_min_rows %d",
        c.amg.galerkin_symmetric_min_rows);
  CHECK(c.amg.coarse_size == 200, "coarse_size %d", c.amg.coarse_size);
  CHECK(c.amg.max_levels == 7, "max_levels %d", c.amg.max_levels);
  CHECK(c.amg.prolongator_omega == 1.0, "prolongator_omega %g", c.amg.prolongator_omega);
  CHECK(c.amg.rho_steps == 20, "rho_steps %d", c.amg.rho_steps);
  CHECK(c.amg.pre_sweeps == 2 && c.amg.post_sweeps == 3, "sweeps %d %d", c.amg.pre_sweeps,
        c.amg.post_sweeps);
  CHECK(c.amg.jacobi_omega == 0.6, "jacobi_omega %g", c.amg.jacobi_omega);
  CHECK(c.amg.solver == AMG_SOLVER_STATIONARY, "solver %d", (int)c.amg.solver);
  CHECK(c.amg.tol == 1e-6, "tol %g", c.amg.tol);
  CHECK(c.amg.max_iter == 250, "max_iter %d", c.amg.max_iter);
  /* an output path is not resolved against the config's directory */
  CHECK(!strcmp(c.report, "out/run_3000000000.json"), "report '%s'", c.report);
  CHECK(c.amg.verbose == 0, "amg.verbose %d", c.amg.verbose);
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_IO, /* there is no ./out */
              DIR "/full.cfg:3: output.report = \"out/run_3000000000.json\" cannot be written (out: No such file or "
              "directory)");
  CHECK_OK(app_config_set(&c, "output.report=" DIR "/run.json"));
  CHECK_OK(app_config_finish(&c));
  CHECK(c.amg.verbose == 0, "amg.verbose %d after app_config_finish", c.amg.verbose);

  /* --set after the file wins, in every value syntax */
  const char *sets[] = {"amg.coarse_size=300",        " amg.max_levels = 4 ",
                        "solver.tol=1e-7",            "cycle.jacobi_omega=1",
                        "output.verbose=TRUE",        "amg.spgemm=\"tile\"",
                        "amg.galerkin_order=pt_ap",   "problem.file=rel/m.mtx",
                        "problem.rhs_seed=9",         "output.report=",
                        "problem.type=\"poisson\"",   "amg.strength_theta=0x0",
                        "problem.rhs_file=\"sp ace.txt\""};
  for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
    CHECK_OK(app_config_set(&c, sets[i]));
  CHECK(c.amg.coarse_size == 300, "coarse_size %d", c.amg.coarse_size);
  CHECK(c.amg.max_levels == 4, "max_levels %d", c.amg.max_levels);
  CHECK(c.amg.tol == 1e-7, "tol %g", c.amg.tol);
  CHECK(c.amg.jacobi_omega == 1.0, "jacobi_omega %g", c.amg.jacobi_omega);
  CHECK(c.amg.verbose == 1, "amg.verbose %d", c.amg.verbose);
  CHECK(c.amg.spgemm == SPGEMM_TILE, "spgemm %d", (int)c.amg.spgemm);
  CHECK(c.amg.galerkin_order == AMG_GALERKIN_PT_AP, "galerkin_order %d", (int)c.amg.galerkin_order);
  CHECK(!strcmp(c.file, "rel/m.mtx"), "--set path '%s' must stay relative to the cwd", c.file);
  CHECK(c.rhs_seed == 9, "rhs_seed %lld", (long long)c.rhs_seed);
  CHECK(c.report[0] == '\0', "report '%s'", c.report);
  CHECK(c.problem_type == APP_PROBLEM_POISSON, "type %d", (int)c.problem_type);
  CHECK(c.amg.strength_theta == 0.0, "strength_theta %g", c.amg.strength_theta);
  CHECK(!strcmp(c.rhs_file, "sp ace.txt"), "rhs_file '%s'", c.rhs_file);
  CHECK_OK(app_config_set(&c, "output.verbose=False"));
  CHECK(c.amg.verbose == 0, "amg.verbose %d", c.amg.verbose);

  /* the choice lists agree with the library's names */
  amg_galerkin_order orders[] = {AMG_GALERKIN_AUTO, AMG_GALERKIN_PT_AP, AMG_GALERKIN_PTA_P};
  char buf[64];
  for (int i = 0; i < 3; i++) {
    snprintf(buf, sizeof buf, "amg.galerkin_order=%s", amg_galerkin_order_name(orders[i]));
    CHECK_OK(app_config_set(&c, buf));
    CHECK(c.amg.galerkin_order == orders[i], "%s", buf);
  }
  spgemm_backend backends[] = {SPGEMM_TILE, SPGEMM_CUSPARSE};
  for (int i = 0; i < 2; i++) {
    snprintf(buf, sizeof buf, "amg.spgemm=%s", spgemm_backend_name(backends[i]));
    CHECK_OK(app_config_set(&c, buf));
    CHECK(c.amg.spgemm == backends[i], "%s", buf);
  }
}

/* The per-key ranges accept what amg_options_check accepts, at the edges. */
static void check_range_edges(void) {
  const char *edges[] = {"amg.coarse_size=4096",     "amg.coarse_size=1",       "amg.max_levels=25",
                         "amg.max_levels=1",         "amg.rho_steps=1000",      "amg.rho_steps=5",
                         "cycle.pre_sweeps=0",       "cycle.post_sweeps=100",   "cycle.jacobi_omega=1.99",
                         "amg.strength_theta=0.99",  "amg.strength_theta_coarse=0.99",
                         "amg.strength_theta_coarse=0", "amg.prolongator_omega=1.99",
                         "amg.prolongator_omega=0.01", "solver.tol=0.99",       "solver.max_iter=1",
                         "problem.stencil=9",        "problem.stencil=7",       "problem.n=1",
                         "solver.max_iter=1000000"};
  for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
    app_config c;
    app_config_default(&c);
    CHECK_OK(app_config_set(&c, "solver.type=stationary")); /* PCG needs equal sweeps */
    CHECK_OK(app_config_set(&c, edges[i]));
    CHECK_OK(app_config_finish(&c));
  }
}

typedef struct bad_file {
  const char *name, *text;
  amg_status status;
  const char *message; /* the whole expected message, or its start */
} bad_file;

static void check_file_errors(void) {
  static const bad_file cases[] = {
      {"tcfg_unknown.cfg", "# line 1\namg = {\n  coarse_size = 100;\n  coarse_sise = 200;\n};\n",
       AMG_ERR_CONFIG,
       "tcfg_unknown.cfg:4: unknown key 'amg.coarse_sise' (did you mean 'amg.coarse_size'?)"},
      {"tcfg_swap.cfg", "amg = {\n\n  max_lveels = 3;\n};\n", AMG_ERR_CONFIG,
       "tcfg_swap.cfg:3: unknown key 'amg.max_lveels' (did you mean 'amg.max_levels'?)"},
      {"tcfg_wrong_section.cfg", "solver = {};\namg = {\n  tol = 1e-6;\n};\n", AMG_ERR_CONFIG,
       "tcfg_wrong_section.cfg:3: unknown key 'amg.tol' (did you mean 'solver.tol'?)"},
      {"tcfg_nohint.cfg", "cycle = { frobnicate = 1; };\n", AMG_ERR_CONFIG,
       "tcfg_nohint.cfg:1: unknown key 'cycle.frobnicate'"},
      {"tcfg_nested.cfg", "amg = {\n  extra = { coarse_size = 1; };\n};\n", AMG_ERR_CONFIG,
       "tcfg_nested.cfg:2: unknown key 'amg.extra'"},
      {"tcfg_badsection.cfg", "problem = { n = 10; };\n\nsolvr = {\n  tol = 1e-6;\n};\n",
       AMG_ERR_CONFIG, "tcfg_badsection.cfg:3: unknown section 'solvr' (did you mean 'solver'?)"},
      {"tcfg_nosection.cfg", "\n\nextras = { a = 1; };\n", AMG_ERR_CONFIG,
       "tcfg_nosection.cfg:3: unknown section 'extras' (expected problem, amg, cycle, solver or output)"},
      {"tcfg_toplevel_key.cfg", "verbose = false;\n", AMG_ERR_CONFIG,
       "tcfg_toplevel_key.cfg:1: unknown section 'verbose' (did you mean 'output.verbose'?)"},
      {"tcfg_notgroup.cfg", "\namg = 5;\n", AMG_ERR_CONFIG,
       "tcfg_notgroup.cfg:2: amg must be a group, amg = { ... }; (got an integer)"},
      {"tcfg_type.cfg", "amg = {\n  coarse_size = \"200\";\n};\n", AMG_ERR_CONFIG,
       "tcfg_type.cfg:2: amg.coarse_size must be an integer (got a string)"},
      {"tcfg_float_for_int.cfg", "amg = {\n\n  coarse_size = 200.0;\n};\n", AMG_ERR_CONFIG,
       "tcfg_float_for_int.cfg:3: amg.coarse_size must be an integer (got a float)"},
      {"tcfg_string_for_float.cfg", "solver = {\n  tol = \"1e-6\";\n};\n", AMG_ERR_CONFIG,
       "tcfg_string_for_float.cfg:2: solver.tol must be a number (got a string)"},
      {"tcfg_int_for_bool.cfg", "output = {\n  verbose = 1;\n};\n", AMG_ERR_CONFIG,
       "tcfg_int_for_bool.cfg:2: output.verbose must be true or false (got an integer)"},
      {"tcfg_group_for_int.cfg", "amg = {\n  coarse_size = { a = 1; };\n};\n", AMG_ERR_CONFIG,
       "tcfg_group_for_int.cfg:2: amg.coarse_size must be an integer (got a group)"},
      {"tcfg_list_for_string.cfg", "problem = {\n  file = (\"a\", \"b\");\n};\n", AMG_ERR_CONFIG,
       "tcfg_list_for_string.cfg:2: problem.file must be a string (got a list)"},
      {"tcfg_stencil.cfg", "problem = {\n  type = \"poisson\";\n  stencil = 6;\n};\n", AMG_ERR_CONFIG,
       "tcfg_stencil.cfg:3: problem.stencil = 6 is not one of 5, 9, 7, 27"},
      {"tcfg_int_range.cfg", "amg = { coarse_size = 0; };\n", AMG_ERR_CONFIG,
       "tcfg_int_range.cfg:1: amg.coarse_size = 0 is not in 1..4096"},
      {"tcfg_rho_steps.cfg", "amg = { rho_steps = 4; };\n", AMG_ERR_CONFIG,
       "tcfg_rho_steps.cfg:1: amg.rho_steps = 4 is not in 5..1000"},
      {"tcfg_n_range.cfg", "problem = {\n  n = 0;\n};\n", AMG_ERR_CONFIG,
       "tcfg_n_range.cfg:2: problem.n = 0 is not >= 1"},
      {"tcfg_float_range.cfg", "amg = {\n  strength_theta = 1.5;\n};\n", AMG_ERR_CONFIG,
       "tcfg_float_range.cfg:2: amg.strength_theta = 1.5 is not in [0, 1)"},
      {"tcfg_tol_range.cfg", "solver = {\n  tol = 1;\n};\n", AMG_ERR_CONFIG,
       "tcfg_tol_range.cfg:2: solver.tol = 1 is not in (0, 1)"},
      {"tcfg_tol_underflow.cfg", "solver = {\n  tol = 1e-400;\n};\n", AMG_ERR_CONFIG,
       "tcfg_tol_underflow.cfg:2: solver.tol = 0 is not in (0, 1) (a value of magnitude below 4.9e-324 reads as 0)"},
      {"tcfg_choice.cfg", "problem = {\n  type = \"poison\";\n};\n", AMG_ERR_CONFIG,
       "tcfg_choice.cfg:2: problem.type = \"poison\" is not one of \"poisson\", \"matrix_market\" "
       "(did you mean \"poisson\"?)"},
      {"tcfg_seed.cfg", "problem = { rhs_seed = -1; };\n", AMG_ERR_CONFIG,
       "tcfg_seed.cfg:1: problem.rhs_seed = -1 is not >= 0"},
      {"tcfg_syntax.cfg", "amg = {\n  coarse_size = 100;\n  max_levels = ;\n};\n", AMG_ERR_CONFIG,
       "tcfg_syntax.cfg:3: syntax error, in: max_levels = ;"},
      /* no newline at the end: libconfig's line, not one past the file's end */
      {"tcfg_no_newline.cfg", "amg = { coarse_size = 100; };\nx =", AMG_ERR_CONFIG,
       "tcfg_no_newline.cfg:2: syntax error, in: x ="},
      /* and where the last line ends in a comment, to which a newline is added */
      {"tcfg_no_newline_comment.cfg", "amg = { coarse_size = 100; };\nx # c", AMG_ERR_CONFIG,
       "tcfg_no_newline_comment.cfg:2: syntax error, in: x # c"},
      {"tcfg_include.cfg", "# a missing include\n@include \"tcfg_nowhere.cfg\"\n", AMG_ERR_CONFIG,
       "tcfg_include.cfg:2: cannot open include file, in: @include \"tcfg_nowhere.cfg\" "
       "(tcfg_nowhere.cfg: No such file or directory)"},
      {"tcfg_include_dir.cfg", "problem = {};\n  @include \"" DIR "\"\n", AMG_ERR_CONFIG,
       "tcfg_include_dir.cfg:2: cannot open include file, in: @include \"" DIR "\" (" DIR ": Is a directory)"},
      /* six includes of itself: the pre-scan once walked all 6^10 chains */
      {"tcfg_self.cfg", "@include \"tcfg_self.cfg\"\n@include \"tcfg_self.cfg\"\n@include \"tcfg_self.cfg\"\n"
                        "@include \"tcfg_self.cfg\"\n@include \"tcfg_self.cfg\"\n@include \"tcfg_self.cfg\"\n",
       AMG_ERR_CONFIG, "include file nesting too deep"},
      {"tcfg_duplicate.cfg", "amg = {\n  coarse_size = 100;\n  coarse_size = 200;\n};\n",
       AMG_ERR_CONFIG, "tcfg_duplicate.cfg:3: duplicate setting name"},
      {"tcfg_wrapped.cfg", "amg = {\n  coarse_size = 4294967796;\n};\n", AMG_ERR_CONFIG,
       "tcfg_wrapped.cfg:2: integer 4294967796 does not fit in 32 bits"},
      {"tcfg_wrapped_hex.cfg", "/* a\n comment */ problem = {\n  rhs_seed = 0x100000001;\n};\n",
       AMG_ERR_CONFIG, "tcfg_wrapped_hex.cfg:3: integer 0x100000001 does not fit in 32 bits"},
      {"tcfg_wide64.cfg", "problem = {\n  rhs_seed = 99999999999999999999L;\n};\n", AMG_ERR_CONFIG,
       "tcfg_wide64.cfg:2: integer 99999999999999999999L does not fit in 64 bits"},
      {"tcfg_wide64_n.cfg", "problem = { n = -9223372036854775809L; };\n", AMG_ERR_CONFIG,
       "tcfg_wide64_n.cfg:1: integer -9223372036854775809L does not fit in 64 bits"},
      {"tcfg_wide64_hex.cfg", "problem = {\n\n  rhs_seed = 0x10000000000000000L;\n};\n", AMG_ERR_CONFIG,
       "tcfg_wide64_hex.cfg:3: integer 0x10000000000000000L does not fit in 64 bits"},
      {"tcfg_wide64_plain.cfg", "amg = { coarse_size = 99999999999999999999; };\n", AMG_ERR_CONFIG,
       "tcfg_wide64_plain.cfg:1: integer 99999999999999999999 does not fit in 64 bits"},
      /* a block comment never closed: libconfig 1.5 ignores the rest of the file without a word */
      {"tcfg_open_comment.cfg", "problem = { n = 8; };\n/* my settings\namg = { coarse_size = 3; };\n",
       AMG_ERR_CONFIG, "tcfg_open_comment.cfg:2: the comment opened here with /* is never closed"},
      /* ... read past comments that close, and past an opening inside a string or a line comment */
      {"tcfg_closed_comments.cfg",
       "/* a */ problem = { file = \"/*.mtx\"; }; // /*\n# /*\namg = { coarse_size = \"x\"; };\n", AMG_ERR_CONFIG,
       "tcfg_closed_comments.cfg:3: amg.coarse_size must be an integer"},
      /* a string never closed: named where it opens (libconfig says only "syntax error") */
      {"tcfg_open_string.cfg", "problem = { n = 8; };\namg = { coarse_size = 3; };\nproblem2 = \"abc\\\";\n",
       AMG_ERR_CONFIG, "tcfg_open_string.cfg:3: the string opened here with \" is never closed"},
      /* a group never closed: named where it opens (libconfig: "syntax error" at the end); the closed
         groups after it, and brackets in strings and comments, do not count */
      {"tcfg_open_group.cfg",
       "problem = { n = 8; file = \"{(\"; };\namg = {\n  coarse_size = 3; # }\nsolver = { max_iter = 5; };\n",
       AMG_ERR_CONFIG, "tcfg_open_group.cfg:2: the group opened here with '{' is never closed"},
      {"tcfg_open_list.cfg", "problem = { n = 8; };\nx = ( 1, 2 /* ) */;\n", AMG_ERR_CONFIG,
       "tcfg_open_list.cfg:2: the list opened here with '(' is never closed"},
      /* a list closed by the group's '}': libconfig's own message at that line, not the group's opening */
      {"tcfg_list_in_group.cfg", "problem = {\n  n = 8;\n  foo = ( 1, 2;\n};\n", AMG_ERR_CONFIG,
       "tcfg_list_in_group.cfg:3: syntax error"},
      /* a literal past 40 characters is cut, so that the message keeps its reason */
      {"tcfg_wide_long.cfg", "amg = { coarse_size = 1" "0000000000" "0000000000" "0000000000" "0000000000"
                             "0000000000; };\n",
       AMG_ERR_CONFIG, "tcfg_wide_long.cfg:1: integer 1000000000000000000000000000000000000000... does not fit in 64 "
                       "bits"},
      {"tcfg_wrapped_long.cfg", "amg = { coarse_size = " "0000000000" "0000000000" "0000000000" "0000000000"
                                "3000000000; };\n",
       AMG_ERR_CONFIG, "tcfg_wrapped_long.cfg:1: integer 0000000000000000000000000000000000000000... does not fit in "
                       "32 bits (libconfig would wrap it; add an L suffix for a 64-bit integer)"},
      {"tcfg_does_not_exist.cfg", NULL, AMG_ERR_IO,
       "tcfg_does_not_exist.cfg: cannot open: No such file or directory"},
      {DIR, NULL, AMG_ERR_IO, DIR ": cannot open: Is a directory"},
      {"tcfg_bom.cfg", "\xEF\xBB\xBFproblem = { n = 8; };\n", AMG_ERR_CONFIG,
       "tcfg_bom.cfg: the file starts with a UTF-8 byte-order mark (bytes EF BB BF); save it without one"},
      {"tcfg_gzip.cfg", "\x1F\x8B\x08", AMG_ERR_CONFIG, "tcfg_gzip.cfg: the file is gzip-compressed"},
      {"tcfg_bzh.cfg", "BZhx = 1;\n", AMG_ERR_CONFIG, "tcfg_bzh.cfg:1: unknown section 'BZhx'"}, /* text, not bzip2 */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const bad_file *b = &cases[i];
    if (b->text)
      write_file(b->name, b->text);
    app_config c, before;
    app_config_default(&c);
    CHECK_OK(app_config_set(&c, "amg.coarse_size=123")); /* a value the file must not lose */
    before = c;
    CHECK_ERROR(app_config_load(&c, b->name), b->status, b->message);
    CHECK(config_equal(&c, &before), "%s: a failed load changed the configuration", b->name);
  }
  /* no suggestion where nothing is close */
  app_config c;
  app_config_default(&c);
  CHECK_ERROR(app_config_load(&c, "tcfg_nohint.cfg"), AMG_ERR_CONFIG, "frobnicate");
  CHECK(!strstr(amg_error_message(), "did you mean"), "unexpected suggestion: %s", amg_error_message());
}

typedef struct bad_set {
  const char *assignment, *message;
} bad_set;

static void check_set_errors(void) {
  static const bad_set cases[] = {
      {"amg.coarse_sise=200",
       "--set amg.coarse_sise=200: unknown key 'amg.coarse_sise' (did you mean 'amg.coarse_size'?)"},
      {"coarse_size=200", "--set coarse_size=200: unknown key 'coarse_size' (did you mean 'amg.coarse_size'?)"},
      {"amg.nothing_like_it=1", "--set amg.nothing_like_it=1: unknown key 'amg.nothing_like_it'"},
      {"amg.coarse_size", "--set amg.coarse_size: expected section.key=value"},
      {"=5", "--set =5: expected section.key=value"},
      {"", "--set : expected section.key=value"},
      {"amg.coarse_size=1.5", "--set amg.coarse_size=1.5: amg.coarse_size must be an integer (got a float)"},
      {"amg.coarse_size=abc", "--set amg.coarse_size=abc: amg.coarse_size must be an integer (got a string)"},
      {"amg.coarse_size=", "--set amg.coarse_size=: amg.coarse_size must be an integer (got an empty value)"},
      {"amg.coarse_size=99999999999999999999",
       "--set amg.coarse_size=99999999999999999999: amg.coarse_size = 99999999999999999999 is not in 1..4096"},
      {"problem.n=4294967296", "--set problem.n=4294967296: problem.n = 4294967296 is not in 1..2147483647"},
      {"problem.n=\"64\"", "--set problem.n=\"64\": problem.n must be an integer (got a string)"},
      {"output.verbose=yes", "--set output.verbose=yes: output.verbose must be true or false (got a string)"},
      {"output.verbose=1", "--set output.verbose=1: output.verbose must be true or false (got an integer)"},
      {"solver.tol=abc", "--set solver.tol=abc: solver.tol must be a number (got a string)"},
      {"solver.tol=nan", "--set solver.tol=nan: solver.tol must be a number (got a string)"},
      {"solver.tol=0x1p-20", "--set solver.tol=0x1p-20: solver.tol = 0x1p-20 is a hexadecimal float, which a config "
                             "file cannot hold; write it in decimal"},
      {"solver.tol=-0X.8P-3", "--set solver.tol=-0X.8P-3: solver.tol = -0X.8P-3 is a hexadecimal float, which a "
                              "config file cannot hold; write it in decimal"},
      {"solver.tol=0x1g", "--set solver.tol=0x1g: solver.tol must be a number (got a string)"},
      {"solver.tol=0x1ffffffffffffffffff", "--set solver.tol=0x1ffffffffffffffffff: solver.tol = 9.44473296573929e+21 is "
                                         "not in (0, 1)"},
      {"solver.tol=-0x10", "--set solver.tol=-0x10: solver.tol = -0x10 is a signed hexadecimal number, which a "
                           "config file cannot hold; write it in decimal"},
      {"solver.max_iter=+0x10", "--set solver.max_iter=+0x10: solver.max_iter = +0x10 is a signed hexadecimal "
                                "number, which a config file cannot hold; write it in decimal"},
      {"solver.max_iter=0x10g", "--set solver.max_iter=0x10g: solver.max_iter must be an integer (got a string)"},
      {"solver.max_iter=0x1p4", "--set solver.max_iter=0x1p4: solver.max_iter must be an integer (got a float)"},
      {"solver.tol=true", "--set solver.tol=true: solver.tol must be a number (got a boolean)"},
      {"solver.tol=1", "--set solver.tol=1: solver.tol = 1 is not in (0, 1)"},
      {"solver.tol=1e-400",
       "--set solver.tol=1e-400: solver.tol = 0 is not in (0, 1) (a value of magnitude below 4.9e-324 reads as 0)"},
      {"solver.max_iter=1000001", "--set solver.max_iter=1000001: solver.max_iter = 1000001 is not in 1..1000000"},
      {"problem.stencil=6", "--set problem.stencil=6: problem.stencil = 6 is not one of 5, 9, 7, 27"},
      {"amg.spgemm=cusprase",
       "--set amg.spgemm=cusprase: amg.spgemm = \"cusprase\" is not one of \"tile\", \"cusparse\" "
       "(did you mean \"cusparse\"?)"},
      {"problem.type=\"poisson", "--set problem.type=\"poisson: problem.type has an unbalanced double quote"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    app_config c, before;
    app_config_default(&c);
    before = c;
    CHECK_ERROR(app_config_set(&c, cases[i].assignment), AMG_ERR_CONFIG, cases[i].message);
    CHECK(config_equal(&c, &before), "--set %s: a failed set changed the configuration",
          cases[i].assignment);
  }
}

static void check_finish(void) {
  app_config c;
  app_config_default(&c);
  CHECK_OK(app_config_set(&c, "problem.type=matrix_market"));
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_CONFIG,
              "problem.type = \"matrix_market\" needs problem.file");
  CHECK_OK(app_config_set(&c, "problem.file=m.mtx"));
  char unused[256];
  CHECK(app_config_unused(&c, unused, sizeof unused) == 0, "unused keys reported on defaults: %s", unused);
  CHECK_OK(app_config_set(&c, "problem.n=100000")); /* n is not used by matrix_market: a notice, not an error */
  CHECK_OK(app_config_set(&c, "problem.rhs_seed=5")); /* nor rhs_seed by rhs = "ones" */
  CHECK_OK(app_config_finish(&c));
  CHECK(app_config_unused(&c, unused, sizeof unused) == 2 &&
            !strcmp(unused, "problem.n (--set problem.n=100000), problem.rhs_seed (--set problem.rhs_seed=5)"),
        "unused keys: '%s'", unused);
  CHECK_OK(app_config_set(&c, "problem.rhs=random"));
  CHECK(app_config_unused(&c, unused, 16) == 1 && !strcmp(unused, "problem.n (--se"),
        "unused keys, cut at 16 bytes: '%s'", unused);

  app_config_default(&c);
  CHECK_OK(app_config_set(&c, "problem.rhs=file"));
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_CONFIG, "problem.rhs = \"file\" needs problem.rhs_file");
  CHECK_OK(app_config_set(&c, "problem.rhs_file=b.txt"));
  CHECK_OK(app_config_finish(&c));

  app_config_default(&c);
  CHECK_OK(app_config_set(&c, "problem.file=ignored.mtx")); /* poisson would solve another system */
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_CONFIG,
              "--set problem.file=ignored.mtx (problem.file): problem.file = \"ignored.mtx\" is set, but problem.type = "
              "\"poisson\" does not read it; set problem.type = \"matrix_market\", or problem.file = \"\"");
  CHECK_OK(app_config_set(&c, "problem.file="));
  CHECK_OK(app_config_finish(&c));
  CHECK_OK(app_config_set(&c, "problem.rhs=random"));
  CHECK_OK(app_config_set(&c, "problem.rhs_file=b.txt")); /* b would not be the file's */
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_CONFIG,
              "problem.rhs_file = \"b.txt\" is set, but problem.rhs = \"random\" does not read it");

  /* n^2 or n^3 rows must fit 2^31-1: 46340^2 and 1290^3 do, one more does not */
  app_config_default(&c);
  CHECK_OK(app_config_set(&c, "problem.n=46340"));
  CHECK_OK(app_config_finish(&c));
  CHECK_OK(app_config_set(&c, "problem.n=46341"));
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_CONFIG,
              "problem.n = 46341 with problem.stencil = 5 gives 46341^2 rows, more than 2^31-1");
  CHECK_OK(app_config_set(&c, "problem.stencil=27"));
  CHECK_OK(app_config_set(&c, "problem.n=1290"));
  CHECK_OK(app_config_finish(&c));
  CHECK_OK(app_config_set(&c, "problem.n=1291"));
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_CONFIG, "gives 1291^3 rows");

  /* PCG needs a symmetric V-cycle: equal sweeps before and after */
  app_config_default(&c);
  CHECK_OK(app_config_set(&c, "cycle.post_sweeps=2"));
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_CONFIG,
              "cycle.pre_sweeps = 1 and cycle.post_sweeps = 2 must be equal with solver.type = pcg");
  CHECK_OK(app_config_set(&c, "cycle.pre_sweeps=2"));
  CHECK_OK(app_config_finish(&c));
  CHECK_OK(app_config_set(&c, "cycle.pre_sweeps=0"));
  CHECK_OK(app_config_set(&c, "cycle.post_sweeps=0"));
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_CONFIG, "without smoothing the V-cycle is a singular preconditioner");
  CHECK_OK(app_config_set(&c, "solver.type=stationary"));
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_CONFIG, "stationary: without smoothing the V-cycle corrects only");
  CHECK_OK(app_config_set(&c, "amg.max_levels=1")); /* a direct solve needs no smoothing */
  CHECK_OK(app_config_finish(&c));

  /* a conflict between keys names where each was set (not the defaults) */
  write_file("tcfg_cross.cfg", "problem = {\n  n = 46341;\n};\ncycle = {\n  pre_sweeps = 2;\n};\n");
  app_config_default(&c);
  CHECK_OK(app_config_load(&c, "tcfg_cross.cfg"));
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_CONFIG,
              "tcfg_cross.cfg:2 (problem.n): problem.n = 46341 with problem.stencil = 5 gives 46341^2 rows");
  CHECK_OK(app_config_set(&c, "problem.n=64"));
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_CONFIG,
              "tcfg_cross.cfg:5 (cycle.pre_sweeps): cycle.pre_sweeps = 2 and cycle.post_sweeps = 1 must be equal");
  CHECK_OK(app_config_set(&c, "cycle.post_sweeps=3"));
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_CONFIG,
              "tcfg_cross.cfg:5 (cycle.pre_sweeps); --set cycle.post_sweeps=3 (cycle.post_sweeps): cycle.pre_sweeps");
  /* four keys, each set somewhere: all four named */
  CHECK_OK(app_config_set(&c, "cycle.pre_sweeps=0"));
  CHECK_OK(app_config_set(&c, "cycle.post_sweeps=0"));
  CHECK_OK(app_config_set(&c, "solver.type=stationary"));
  CHECK_OK(app_config_set(&c, "amg.max_levels=5"));
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_CONFIG,
              "--set amg.max_levels=5 (amg.max_levels); --set cycle.pre_sweeps=0 (cycle.pre_sweeps); --set "
              "cycle.post_sweeps=0 (cycle.post_sweeps); --set solver.type=stationary (solver.type): cycle.pre_sweeps");

  /* output.solution and output.report may not be each other or an input
   * file that is read (the same string, the same device and inode, or one
   * name in one directory) */
  write_file(DIR "/in.mtx", "%%MatrixMarket matrix array real general\n1 1\n1\n");
  const char *clashes[][4] = {
      {"output.report=r.json", "", "output.solution=r.json",
       "output.solution = \"r.json\" is the same file as output.report = \"r.json\"; give output.solution "
       "another path"},
      {"problem.file=" DIR "/in.mtx", "problem.type=matrix_market", "output.solution=./" DIR "/../" DIR "/in.mtx",
       "output.solution = \"./" DIR "/../" DIR "/in.mtx\" is the same file as problem.file = \"" DIR "/in.mtx\""},
      {"problem.rhs_file=tcfg_b.txt", "problem.rhs=file", "output.solution=tcfg_b.txt",
       "output.solution = \"tcfg_b.txt\" is the same file as problem.rhs_file"},
      {"problem.x0_file=" DIR "/in.mtx", "", "output.solution=" DIR "//in.mtx",
       "output.solution = \"" DIR "//in.mtx\" is the same file as problem.x0_file"},
      /* two names of one file that does not exist yet */
      {"output.report=./tcfg_not_yet.json", "", "output.solution=tcfg_not_yet.json",
       "output.solution = \"tcfg_not_yet.json\" is the same file as output.report = \"./tcfg_not_yet.json\""},
      /* the report over an input */
      {"problem.file=" DIR "/in.mtx", "problem.type=matrix_market", "output.report=" DIR "/./in.mtx",
       "output.report = \"" DIR "/./in.mtx\" is the same file as problem.file = \"" DIR "/in.mtx\"; give "
       "output.report another path"},
  };
  for (size_t i = 0; i < sizeof clashes / sizeof clashes[0]; i++) {
    app_config_default(&c);
    CHECK_OK(app_config_set(&c, clashes[i][0]));
    CHECK_OK(app_config_set(&c, clashes[i][2]));
    if (clashes[i][1][0]) { /* an input file that is not read is no clash (but is refused as unread) */
      CHECK_ERROR(app_config_finish(&c), AMG_ERR_CONFIG, "is set, but");
      CHECK_OK(app_config_set(&c, clashes[i][1]));
    }
    CHECK_ERROR(app_config_finish(&c), AMG_ERR_CONFIG, clashes[i][3]);
  }
  /* a dangling symbolic link and the file that writing to it would create */
  remove("tcfg_link_target.out");
  remove("tcfg_dangling.out");
  CHECK(symlink("tcfg_link_target.out", "tcfg_dangling.out") == 0, "symlink failed");
  app_config_default(&c);
  CHECK_OK(app_config_set(&c, "output.solution=tcfg_dangling.out"));
  CHECK_OK(app_config_set(&c, "output.report=tcfg_link_target.out"));
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_CONFIG,
              "output.solution = \"tcfg_dangling.out\" is the same file as output.report = \"tcfg_link_target.out\"");
  remove("tcfg_dangling.out");
  /* a target past 1 KB (it was cut there and taken for "."), and a chain of 12 links */
  char target[1100] = "";
  for (int k = 0; k < 520; k++)
    strcat(target, "./");
  strcat(target, "tcfg_link_target.out");
  CHECK(symlink(target, "tcfg_dangling.out") == 0, "symlink failed");
  app_config_default(&c);
  CHECK_OK(app_config_set(&c, "output.solution=tcfg_dangling.out"));
  CHECK_OK(app_config_set(&c, "output.report=tcfg_link_target.out"));
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_CONFIG, "output.solution = \"tcfg_dangling.out\" is the same file as");
  remove("tcfg_dangling.out");
  char name[32], next[32];
  for (int k = 12; k >= 1; k--) {
    snprintf(name, sizeof name, "tcfg_chain%d", k);
    snprintf(next, sizeof next, k == 12 ? "tcfg_link_target.out" : "tcfg_chain%d", k + 1);
    remove(name);
    CHECK(symlink(next, name) == 0, "symlink %s failed", name);
  }
  app_config_default(&c);
  CHECK_OK(app_config_set(&c, "output.solution=tcfg_chain1"));
  CHECK_OK(app_config_set(&c, "output.report=tcfg_link_target.out"));
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_CONFIG, "output.solution = \"tcfg_chain1\" is the same file as");
  for (int k = 1; k <= 12; k++) {
    snprintf(name, sizeof name, "tcfg_chain%d", k);
    remove(name);
  }
  app_config_default(&c); /* other files, or no solution: fine */
  CHECK_OK(app_config_set(&c, "problem.x0_file=" DIR "/in.mtx"));
  CHECK_OK(app_config_set(&c, "output.report=" DIR "/in.json"));
  CHECK_OK(app_config_finish(&c));
  CHECK_OK(app_config_set(&c, "output.solution=" DIR "/x.mtx"));
  CHECK_OK(app_config_finish(&c));

  /* amg_options_check runs too (a value set behind the schema's back) */
  app_config_default(&c);
  c.amg.tol = 2.0;
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_CONFIG, "solver.tol");
}

static void check_paths(void) {
  app_config c;
  app_config_default(&c);
  write_file(DIR "/rel.cfg", "problem = {\n  file = \"m.mtx\";\n  rhs_file = \"../b.txt\";\n};\n");
  CHECK_OK(app_config_load(&c, DIR "/rel.cfg"));
  CHECK(!strcmp(c.file, DIR "/m.mtx"), "file '%s'", c.file);
  CHECK(!strcmp(c.rhs_file, DIR "/../b.txt"), "rhs_file '%s'", c.rhs_file);

  write_file("tcfg_here.cfg", "problem = { file = \"m.mtx\"; };\n");
  CHECK_OK(app_config_load(&c, "tcfg_here.cfg"));
  CHECK(!strcmp(c.file, "m.mtx"), "file '%s'", c.file);
  CHECK_OK(app_config_load(&c, "./tcfg_here.cfg"));
  CHECK(!strcmp(c.file, "./m.mtx"), "file '%s'", c.file);

  char cwd[512], abs_cfg[600], want[700];
  CHECK(getcwd(cwd, sizeof cwd) != NULL, "getcwd");
  snprintf(abs_cfg, sizeof abs_cfg, "%s/" DIR "/rel.cfg", cwd);
  snprintf(want, sizeof want, "%s/" DIR "/m.mtx", cwd);
  CHECK_OK(app_config_load(&c, abs_cfg));
  CHECK(!strcmp(c.file, want), "file '%s', want '%s'", c.file, want);

  /* a path that does not fit APP_PATH_MAX is an error, not a truncation */
  char *long_set = malloc(APP_PATH_MAX + 32);
  strcpy(long_set, "problem.file=");
  memset(long_set + strlen(long_set), 'x', APP_PATH_MAX);
  long_set[13 + APP_PATH_MAX] = '\0';
  CHECK_ERROR(app_config_set(&c, long_set), AMG_ERR_CONFIG, "problem.file is longer than 1023 bytes");
  free(long_set);

  /* @include is relative to the config's directory too, and errors in the
   * included file name it */
  write_file(DIR "/inc_part.cfg", "coarse_size = 123;\n");
  write_file(DIR "/inc.cfg", "amg = {\n@include \"inc_part.cfg\"\n};\n");
  app_config_default(&c);
  CHECK_OK(app_config_load(&c, DIR "/inc.cfg"));
  CHECK(c.amg.coarse_size == 123, "coarse_size %d from the include", c.amg.coarse_size);
  write_file(DIR "/inc_bad.cfg", "max_levels = 3;\nmax_lvls = 2;\n");
  write_file(DIR "/inc2.cfg", "amg = {\n@include \"inc_bad.cfg\"\n};\n");
  CHECK_ERROR(app_config_load(&c, DIR "/inc2.cfg"), AMG_ERR_CONFIG,
              DIR "/inc_bad.cfg:2: unknown key 'amg.max_lvls' (did you mean 'amg.max_levels'?)");

  /* a comment an included file leaves open goes on after the @include, as
     libconfig 1.5's scanner does: closed there, the configuration is read
     (the line between is commented out); never closed, it is refused where
     it opened */
  write_file(DIR "/inc_open.cfg", "amg = { max_levels = 4; }; /* tail\n");
  write_file(DIR "/inc_open_closed.cfg",
             "problem = { n = 8; };\n@include \"inc_open.cfg\"\nsolver = { max_iter = 7; };\n*/ amg2 = 1;\n");
  app_config_default(&c);
  CHECK_ERROR(app_config_load(&c, DIR "/inc_open_closed.cfg"), AMG_ERR_CONFIG, "unknown section 'amg2'");
  write_file(DIR "/inc_open_closed2.cfg",
             "problem = { n = 8; };\n@include \"inc_open.cfg\"\nsolver = { max_iter = 7; };\n*/\n");
  app_config_default(&c);
  CHECK_OK(app_config_load(&c, DIR "/inc_open_closed2.cfg"));
  CHECK(c.amg.max_levels == 4 && c.amg.max_iter != 7, "max_levels %d (want 4), max_iter %d (want the default)",
        c.amg.max_levels, c.amg.max_iter);
  write_file(DIR "/inc_open_top.cfg", "problem = { n = 8; };\n@include \"inc_open.cfg\"\n");
  CHECK_ERROR(app_config_load(&c, DIR "/inc_open_top.cfg"), AMG_ERR_CONFIG,
              DIR "/inc_open.cfg:1: the comment opened here with /* is never closed");

  /* a group an included file leaves open: named in that file, even where the text after the
     @include closes other groups */
  write_file(DIR "/inc_group.cfg", "amg = {\n  max_levels = 4;\n");
  write_file(DIR "/inc_group_top.cfg",
             "problem = { n = 8; };\n@include \"inc_group.cfg\"\nsolver = { max_iter = 7; };\n");
  CHECK_ERROR(app_config_load(&c, DIR "/inc_group_top.cfg"), AMG_ERR_CONFIG,
              DIR "/inc_group.cfg:1: the group opened here with '{' is never closed");
  /* a # or // comment on the last line with no newline after it: libconfig 1.5 reads it as a syntax
     error; the top file gets a newline, an included file is named */
  write_file(DIR "/end_comment.cfg", "amg = { max_levels = 5; };\n# the end");
  write_file(DIR "/end_comment2.cfg", "amg = { max_levels = 6; }; // the end");
  for (int k = 0; k < 2; k++) {
    app_config_default(&c);
    CHECK_OK(app_config_load(&c, k ? DIR "/end_comment2.cfg" : DIR "/end_comment.cfg"));
    CHECK(c.amg.max_levels == 5 + k, "a comment last with no newline: max_levels %d, want %d", c.amg.max_levels,
          5 + k);
  }
  write_file(DIR "/inc_end_comment.cfg", "problem = {\n@include \"end_comment.cfg\"\n};\n");
  CHECK_ERROR(app_config_load(&c, DIR "/inc_end_comment.cfg"), AMG_ERR_CONFIG,
              DIR "/end_comment.cfg:2: the file ends in a comment with no newline after it");
  write_file(DIR "/inc_end_comment2.cfg", "@include \"end_comment2.cfg\"\n");
  CHECK_ERROR(app_config_load(&c, DIR "/inc_end_comment2.cfg"), AMG_ERR_CONFIG,
              DIR "/end_comment2.cfg:1: the file ends in a comment with no newline after it");
  /* a syntax error before that comment (in the included file, or in the top file before the @include),
     or another error at its line, is named as libconfig names it (the walk had named the comment).
     CHECK_INCLUDED_ERROR(NAME, TEXT, NEEDLE): NAME.cfg holds TEXT; inc_NAME.cfg, which @includes it,
     fails with NAME.cfg:NEEDLE. */
#define CHECK_INCLUDED_ERROR(name, text, needle)                                                           \
  do {                                                                                                     \
    write_file(DIR "/" name ".cfg", text);                                                                 \
    write_file(DIR "/inc_" name ".cfg", "@include \"" name ".cfg\"\n");                                     \
    CHECK_ERROR(app_config_load(&c, DIR "/inc_" name ".cfg"), AMG_ERR_CONFIG, DIR "/" name ".cfg:" needle); \
  } while (0)
  CHECK_INCLUDED_ERROR("syntax_end_comment", "amg = {\n  max_levels = = 5;\n};\n# the end", "2: syntax error");
  CHECK_INCLUDED_ERROR("dup_end_comment", "amg = { max_levels = 5; }; amg = { max_levels = 6; }; # the end",
                       "1: duplicate setting name");
#undef CHECK_INCLUDED_ERROR
  write_file(DIR "/syntax_then_inc.cfg", "amg = { max_levels = ; };\n@include \"end_comment.cfg\"\n");
  CHECK_ERROR(app_config_load(&c, DIR "/syntax_then_inc.cfg"), AMG_ERR_CONFIG,
              DIR "/syntax_then_inc.cfg:1: syntax error");
  /* an @include name an included file leaves open goes on in the including file, as libconfig's
     scanner reads it: here it ends in "inc_part.cfg", and the " ( after it is a comment */
  write_file(DIR "/inc_name_open.cfg", "@include \"inc_");
  write_file(DIR "/inc_name_top.cfg", "amg = {\n@include \"inc_name_open.cfg\"part.cfg\" # \" (\n};\n");
  app_config_default(&c);
  CHECK_OK(app_config_load(&c, DIR "/inc_name_top.cfg"));
  CHECK(c.amg.coarse_size == 123, "coarse_size %d from the include named across two files", c.amg.coarse_size);
  /* past 64 brackets open at once the walk stops following them: a ')' that meets the 65th, a '[',
     is libconfig's syntax error at its line, not an unclosed '(' */
  {
    char deep[512];
    int k = snprintf(deep, sizeof deep, "problem = { n = 8; };\nx = ");
    for (int i = 0; i < 64; i++)
      deep[k++] = '(';
    k += snprintf(deep + k, sizeof deep - (size_t)k, "\n[ 1\n");
    for (int i = 0; i < 64; i++)
      deep[k++] = ')';
    snprintf(deep + k, sizeof deep - (size_t)k, ";\n");
    write_file(DIR "/deep_brackets.cfg", deep);
    CHECK_ERROR(app_config_load(&c, DIR "/deep_brackets.cfg"), AMG_ERR_CONFIG, DIR "/deep_brackets.cfg:4: syntax error");
  }

  /* integers libconfig would wrap or saturate, in an included file (nested
   * too, and indented): its name and line; an L integer in range is fine */
  write_file(DIR "/inc_wrap_part.cfg", "stencil = 5;\nn = 4294967304;\n");
  write_file(DIR "/inc_wrap.cfg", "problem = {\n  @include \"inc_wrap_part.cfg\"\n};\n");
  app_config_default(&c);
  CHECK_ERROR(app_config_load(&c, DIR "/inc_wrap.cfg"), AMG_ERR_CONFIG,
              DIR "/inc_wrap_part.cfg:2: integer 4294967304 does not fit in 32 bits");
  write_file(DIR "/inc_wrap_mid.cfg", "# the middle\n@include \"inc_wrap_part.cfg\"\n");
  write_file(DIR "/inc_wrap2.cfg", "problem = {\n@include \"inc_wrap_mid.cfg\"\n};\n");
  CHECK_ERROR(app_config_load(&c, DIR "/inc_wrap2.cfg"), AMG_ERR_CONFIG,
              DIR "/inc_wrap_part.cfg:2: integer 4294967304 does not fit in 32 bits");
  write_file(DIR "/inc_seed_part.cfg", "\n\nrhs_seed = 99999999999999999999L;\n");
  write_file(DIR "/inc_seed.cfg", "problem = {\n@include \"inc_seed_part.cfg\"\n};\n");
  CHECK_ERROR(app_config_load(&c, DIR "/inc_seed.cfg"), AMG_ERR_CONFIG,
              DIR "/inc_seed_part.cfg:3: integer 99999999999999999999L does not fit in 64 bits");
  write_file(DIR "/inc_max_part.cfg", "rhs_seed = 9223372036854775807L;\n");
  write_file(DIR "/inc_max.cfg", "problem = {\n@include \"inc_max_part.cfg\"\n};\n");
  CHECK_OK(app_config_load(&c, DIR "/inc_max.cfg"));
  CHECK(c.rhs_seed == INT64_MAX, "rhs_seed %lld", (long long)c.rhs_seed);

  /* an @include of a directory, from an included file: that file's line;
   * one in a comment or a string, or not at the start of a line, is none */
  mkdir(DIR "/sub", 0755);
  write_file(DIR "/inc_dir_part.cfg", "coarse_size = 50;\n@include \"sub\"\n");
  write_file(DIR "/inc_dir.cfg", "amg = {\n@include \"inc_dir_part.cfg\"\n};\n");
  CHECK_ERROR(app_config_load(&c, DIR "/inc_dir.cfg"), AMG_ERR_CONFIG,
              DIR "/inc_dir_part.cfg:2: cannot open include file, in: @include \"sub\" (" DIR
                  "/sub: Is a directory)");
  CHECK(c.amg.coarse_size != 50, "a failed load changed coarse_size");
  write_file(DIR "/inc_none.cfg", "# @include \"sub\"\n/*\n@include \"sub\"\n*/\n"
                                  "problem = { file = \"a\n@include \\\"sub\\\"\"; };\n");
  CHECK_OK(app_config_load(&c, DIR "/inc_none.cfg"));
  write_file(DIR "/inc_midline.cfg", "amg = {}; @include \"sub\"\n");
  CHECK_ERROR(app_config_load(&c, DIR "/inc_midline.cfg"), AMG_ERR_CONFIG, DIR "/inc_midline.cfg:1: syntax error");
  /* an @include name that an included file leaves open, ending in the file that includes it (here two
     files up) with the name of a directory: refused at the directive (libconfig's scanner exits the
     process); a name never closed: refused, where libconfig drops the @include without a word */
  write_file(DIR "/split_s.cfg", "@include \"s");
  write_file(DIR "/split_u.cfg", "@include \"split_s.cfg\"u");
  write_file(DIR "/split_top.cfg", "amg = {\n@include \"split_u.cfg\"b\" # \"\n};\n");
  CHECK_ERROR(app_config_load(&c, DIR "/split_top.cfg"), AMG_ERR_CONFIG,
              DIR "/split_s.cfg:1: cannot open include file, in: @include \"s (" DIR "/sub: Is a directory)");
  /* a backslash that libconfig drops from an @include name (printing it to stdout): refused, also where
     it ends one file's part of the name (libconfig's tokens never span two files: it does not escape the
     next part's first character) */
  write_file(DIR "/stray.cfg", "amg = {\n@include \"inc_pa\\rt.cfg\"\n};\n");
  CHECK_ERROR(app_config_load(&c, DIR "/stray.cfg"), AMG_ERR_CONFIG,
              DIR "/stray.cfg:2: the @include file name has a backslash before 'r', which libconfig 1.5 drops");
  write_file(DIR "/split_bs.cfg", "@include \"inc_pa\\");
  write_file(DIR "/split_bs_top.cfg", "amg = {\n@include \"split_bs.cfg\"\\\\rt.cfg\"\n};\n");
  CHECK_ERROR(app_config_load(&c, DIR "/split_bs_top.cfg"), AMG_ERR_CONFIG,
              DIR "/split_bs.cfg:1: the @include file name has a backslash before the end of its file");
  /* named where the backslash is: in the including file's part, or on a later line of the name */
  write_file(DIR "/split_go.cfg", "@include \"go");
  write_file(DIR "/split_go_top.cfg", "amg = {\n@include \"split_go.cfg\"o\\d.cfg\"\n};\n");
  CHECK_ERROR(app_config_load(&c, DIR "/split_go_top.cfg"), AMG_ERR_CONFIG,
              DIR "/split_go_top.cfg:2: the @include file name has a backslash before 'd', which libconfig 1.5 "
                  "drops (and prints to stdout); write \\\\ for a backslash, in: @include \"split_go.cfg\"o\\d.cfg\"");
  write_file(DIR "/stray_line2.cfg", "@include \"a\nb\\\nc\"\n");
  CHECK_ERROR(app_config_load(&c, DIR "/stray_line2.cfg"), AMG_ERR_CONFIG,
              DIR "/stray_line2.cfg:2: the @include file name has a backslash before a line break");
  write_file(DIR "/split_never.cfg", "problem = { n = 8; };\n@include \"split_s.cfg\"\n");
  CHECK_ERROR(app_config_load(&c, DIR "/split_never.cfg"), AMG_ERR_CONFIG,
              DIR "/split_s.cfg:1: the @include file name opened here with \" is never closed, in: @include \"s");
  write_file(DIR "/never.cfg", "problem = { n = 8; };\n@include \"inc_part.cfg\n");
  CHECK_ERROR(app_config_load(&c, DIR "/never.cfg"), AMG_ERR_CONFIG,
              DIR "/never.cfg:2: the @include file name opened here with \" is never closed");
}

static void check_reference(void) {
  const char *name = "tcfg_reference.cfg";
  FILE *f = fopen(name, "w");
  CHECK(f != NULL, "cannot write %s", name);
  if (!f)
    return;
  app_config_print_reference(f);
  fclose(f);
  if (n_written < WRITTEN_MAX)
    written[n_written++] = name;

  /* load it over a configuration with every key changed: all come back */
  app_config c, d;
  app_config_default(&d);
  app_config_default(&c);
  CHECK_OK(app_config_load(&c, DIR "/full.cfg"));
  CHECK(!config_equal(&c, &d), "the full file should differ from the defaults");
  CHECK_OK(app_config_load(&c, name));
  CHECK(config_equal(&c, &d), "the reference does not load back to the defaults");
  CHECK_OK(app_config_finish(&c));

  /* every section, and a few keys as they should read */
  f = fopen(name, "r");
  char text[16384];
  size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
  if (f)
    fclose(f);
  text[n] = '\0';
  const char *expect[] = {"problem = {", "amg = {", "cycle = {", "solver = {", "output = {",
                          "  coarse_size = 500;  # integer in 1..4096",
                          "  stencil = 5;  # integer, one of 5, 9, 7, 27",
                          "  tol = 1e-8;  # number in (0, 1)",
                          "  galerkin_order = \"auto\";  # one of \"auto\", \"pt_ap\", \"pta_p\"",
                          "  verbose = true;  # true or false"};
  for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++)
    CHECK(strstr(text, expect[i]) != NULL, "reference lacks \"%s\"", expect[i]);
}

/* The configuration file and the files it @includes are inputs too: no
 * output may overwrite one; more than APP_CONFIG_FILES_MAX of them is an
 * error, not a check skipped. */
static void check_config_files(void) {
  write_file(DIR "/main.cfg", "@include \"inc.cfg\"\n@include \"inc.cfg\"\noutput: { verbose = false; };\n");
  write_file(DIR "/inc.cfg", "# included twice, one file\n");
  app_config c;
  app_config_default(&c);
  CHECK_OK(app_config_load(&c, DIR "/main.cfg"));
  CHECK(c.config_files == 2, "%d configuration files noted, want 2", c.config_files);
  CHECK_OK(app_config_set(&c, "output.report=" DIR "/main.cfg"));
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_CONFIG,
              "--set output.report=" DIR "/main.cfg: output.report = \"" DIR "/main.cfg\" is the configuration file "
              DIR "/main.cfg; give output.report another path");
  CHECK_OK(app_config_set(&c, "output.report="));
  CHECK_OK(app_config_set(&c, "output.solution=./" DIR "//inc.cfg"));
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_CONFIG,
              "output.solution = \"./" DIR "//inc.cfg\" is the configuration file " DIR "/inc.cfg");
  CHECK_OK(app_config_set(&c, "output.solution=" DIR "/x.mtx"));
  CHECK_OK(app_config_finish(&c));
  /* an output that cannot be written is refused before any work */
  CHECK_OK(app_config_set(&c, "output.solution=" DIR));
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_IO,
              "output.solution = \"" DIR "\" cannot be written (" DIR ": Is a directory)");
  CHECK_OK(app_config_set(&c, "output.solution=" DIR "/inc.cfg/x.mtx"));
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_IO,
              "output.solution = \"" DIR "/inc.cfg/x.mtx\" cannot be written (" DIR "/inc.cfg/x.mtx: Not a directory)");
  CHECK_OK(app_config_set(&c, "output.solution=" DIR "/none/x.mtx"));
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_IO,
              "output.solution = \"" DIR "/none/x.mtx\" cannot be written (" DIR "/none: No such file or directory)");
  CHECK_OK(app_config_set(&c, "output.solution="));
  CHECK_OK(app_config_set(&c, "output.report=/"));
  CHECK_ERROR(app_config_finish(&c), AMG_ERR_IO, "output.report = \"/\" cannot be written (/: Is a directory)");

  static char names[APP_CONFIG_FILES_MAX][32];
  char text[APP_CONFIG_FILES_MAX * 40] = "";
  for (int k = 0; k < APP_CONFIG_FILES_MAX; k++) { /* the main file and 32 includes: one too many */
    snprintf(names[k], sizeof names[k], DIR "/many%d.cfg", k);
    write_file(names[k], "\n");
    snprintf(text + strlen(text), sizeof text - strlen(text), "@include \"many%d.cfg\"\n", k);
  }
  write_file(DIR "/many.cfg", text);
  app_config_default(&c);
  CHECK_ERROR(app_config_load(&c, DIR "/many.cfg"), AMG_ERR_CONFIG,
              DIR "/many31.cfg: more than 32 configuration files (the file and its @includes)");
}

int main(void) {
  mkdir(DIR, 0755);
  check_defaults();
  check_full_file();
  check_range_edges();
  check_file_errors();
  check_set_errors();
  check_finish();
  check_config_files();
  check_paths();
  check_reference();
  remove_files();
  return test_finish("test_config");
}
