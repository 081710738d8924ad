// CheckpointFile (simulation/distributed/checkpoint_file.h): what is written
// reads back, and a file with any one byte damaged is refused (a flipped bit in the stored totals used to resume with other numbers).
#include <gtest/gtest.h>

#include "simulation/distributed/checkpoint_file.h"

using namespace wb::sim;

namespace {

CheckpointFile sample() {
  CheckpointFile f;
  f.key = "run card-dice.yaml --games 24";
  CheckpointRecord r;
  r.fingerprint = "run/24";
  r.tasks = 24;
  r.done.add(0, 10);
  r.done.add(12, 20);
  r.total = std::string("\x02\x00\x00\x00\x00\x00\x00\x00 totals of 18 games", 27);
  f.records[0] = r;
  r.complete = true;
  r.done.add(10, 12);
  r.done.add(20, 24);
  f.records[1] = r;
  return f;
}

}  // namespace

TEST(CheckpointFile, ReadsBackWhatItWrote) {
  const CheckpointFile f = sample();
  CheckpointFile back;
  ASSERT_TRUE(back.decode(f.encode()));
  EXPECT_EQ(back.key, f.key);
  ASSERT_EQ(back.records.size(), 2u);
  EXPECT_EQ(back.records.at(0).total, f.records.at(0).total);
  EXPECT_EQ(back.records.at(0).done.size(), 18u);
  EXPECT_TRUE(back.records.at(1).complete);
}

TEST(CheckpointFile, EveryFlippedBitIsRefused) {
  const std::string bytes = sample().encode();
  for (std::size_t at = 0; at < bytes.size(); ++at) {
    for (int bit = 0; bit < 8; ++bit) {
      std::string damaged = bytes;
      damaged[at] = static_cast<char>(damaged[at] ^ (1 << bit));
      CheckpointFile back;
      ASSERT_FALSE(back.decode(damaged)) << "bit " << bit << " of byte " << at << " of " << bytes.size();
    }
  }
  for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
    CheckpointFile back;
    ASSERT_FALSE(back.decode(bytes.substr(0, cut))) << "cut at " << cut;
  }
}
