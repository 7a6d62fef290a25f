#include "arbiter/tournament/formats/knockout_bracket.h"

#include <gtest/gtest.h>
