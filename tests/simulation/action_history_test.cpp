// ActionHistory: clones share chunks; appending to one never changes another.
#include <gtest/gtest.h>

#include "simulation/core/action_history.h"

using wb::sim::Action;
using wb::sim::ActionHistory;

TEST(ActionHistory, RecordsInOrderAcrossChunks) {
  ActionHistory h;
  std::vector<Action> expected;
  for (Action a = 0; a < 300; ++a) {
    h.push(a * 7);
    expected.push_back(a * 7);
  }
  EXPECT_EQ(h.size(), 300u);
  EXPECT_EQ(h.toVector(), expected);
}

TEST(ActionHistory, CopiesAreIndependentCopyOnWrite) {
  ActionHistory original;
  for (Action a = 0; a < 100; ++a) original.push(a);  // ends inside a shared chunk
  ActionHistory clone = original;
  ActionHistory clone2 = original;
  clone.push(1000);
  clone2.push(2000);
  original.push(3000);
  auto base = ActionHistory().toVector();
  std::vector<Action> prefix(100);
  for (Action a = 0; a < 100; ++a) prefix[static_cast<std::size_t>(a)] = a;
  auto expect = [&](std::vector<Action> v, Action last) {
    v.push_back(last);
    return v;
  };
  EXPECT_EQ(original.toVector(), expect(prefix, 3000));
  EXPECT_EQ(clone.toVector(), expect(prefix, 1000));
  EXPECT_EQ(clone2.toVector(), expect(prefix, 2000));
  EXPECT_FALSE(original == clone);
  ActionHistory same = original;
  EXPECT_TRUE(same == original);
  EXPECT_TRUE(base.empty());
}
