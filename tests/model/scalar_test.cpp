// Scalar parsing shared by the loader, paths and --set; diagnostics formatting.
#include <gtest/gtest.h>

#include "model/core/diagnostics.h"
#include "model/core/scalar.h"

using namespace wb::model;

TEST(Scalar, ParsesNumbersStrictly) {
  EXPECT_EQ(parseInt("42"), 42);
  EXPECT_EQ(parseInt("-7"), -7);
  EXPECT_EQ(parseInt("+7"), 7);
  EXPECT_FALSE(parseInt("4.5"));
  EXPECT_FALSE(parseInt("12abc"));
  EXPECT_FALSE(parseInt(""));
  EXPECT_EQ(parseNumber("2.5"), 2.5);
  EXPECT_EQ(parseNumber("1e3"), 1000);
  EXPECT_FALSE(parseNumber("nan"));
  EXPECT_FALSE(parseNumber("inf"));
  EXPECT_FALSE(parseNumber("0x10"));
  EXPECT_FALSE(parseNumber("fire"));
  EXPECT_EQ(parseBool("true"), true);
  EXPECT_EQ(parseBool("no"), false);
  EXPECT_FALSE(parseBool("maybe"));
  EXPECT_EQ(formatNumber(18), "18");
  EXPECT_EQ(formatNumber(0.1), "0.1");
  EXPECT_EQ(formatNumber(-2.5), "-2.5");
}

TEST(Diagnostics, FormatsLikeACompiler) {
  Diagnostics d;
  d.error({"b.yaml", 3, 7}, "second");
  d.error({"a.yaml", 10, 1}, "first");
  d.warning({"a.yaml", 0, 0}, "whole file");
  d.sort();
  EXPECT_TRUE(d.hasErrors());
  EXPECT_EQ(d.format(), "a.yaml: warning: whole file\na.yaml:10:1: error: first\nb.yaml:3:7: error: second\n");
}
