// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * The tracepoints of agx4_trace.h, defined once for the job, TVB and
 * recovery units that emit them.
 */

#define CREATE_TRACE_POINTS
#include "agx4_trace.h"
