/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_TEST_HOOKS_H
#define AGX4_TEST_HOOKS_H

#include <kunit/static_stub.h>
#include <kunit/visibility.h>

/*
 * What the driver shows only to its own KUnit tests (agx4_test, built when
 * CONFIG_DRM_AGX4_KUNIT_TEST is y or m), keyed on the agx4 test symbol and
 * not on CONFIG_KUNIT: a kernel with KUnit for other drivers builds the
 * same agx4.ko as one without.  Test-only code in the driver is under
 * IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST) and changes no structure's
 * layout.
 *
 * AGX4_VISIBLE_IF_TEST: a function the tests call is static otherwise.
 * EXPORT_SYMBOL_IF_AGX4_TEST(): exports it to the tests, in KUnit's
 * namespace (MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING)).
 * AGX4_STATIC_STUB_REDIRECT(): where a test may put a function of its own
 * in place of the driver's (kunit_activate_static_stub(), in the test's
 * task only); nothing otherwise.
 */
#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
#define AGX4_VISIBLE_IF_TEST
#define EXPORT_SYMBOL_IF_AGX4_TEST	EXPORT_SYMBOL_IF_KUNIT
#define AGX4_STATIC_STUB_REDIRECT	KUNIT_STATIC_STUB_REDIRECT
#else
#define AGX4_VISIBLE_IF_TEST		static
#define EXPORT_SYMBOL_IF_AGX4_TEST	AGX4_NO_TEST_HOOK
#define AGX4_STATIC_STUB_REDIRECT	AGX4_NO_TEST_HOOK
#endif

/* Expands to nothing: what a test hook is without the tests. */
#define AGX4_NO_TEST_HOOK(...)

#endif /* AGX4_TEST_HOOKS_H */
