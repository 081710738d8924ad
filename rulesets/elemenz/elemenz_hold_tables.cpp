#include "rulesets/elemenz/elemenz_hold_tables.h"

#include <algorithm>
#include <string>

#include "simulation/dice/target_solver.h"

namespace wb::rulesets::elemenz {

namespace {

// rankTable[n][key in base (n + 1)] = dense rank of the multiset (sum <= n), -1 if sum > n.
struct RankTables {
  std::array<std::vector<std::int32_t>, kPolicyMaxDice + 1> rankOf;
  std::array<int, kPolicyMaxDice + 1> count{};
  RankTables() {
    for (int n = 0; n <= kPolicyMaxDice; ++n) {
      const int base = n + 1;
      int size = 1;
      for (int f = 0; f < kFaces; ++f) size *= base;
      rankOf[static_cast<std::size_t>(n)].assign(static_cast<std::size_t>(size), -1);
      int next = 0;
      for (int key = 0; key < size; ++key) {
        int sum = 0, k = key;
        for (int f = 0; f < kFaces; ++f) {
          sum += k % base;
          k /= base;
        }
        if (sum <= n) rankOf[static_cast<std::size_t>(n)][static_cast<std::size_t>(key)] = next++;
      }
      count[static_cast<std::size_t>(n)] = next;
    }
  }
};

const RankTables& rankTables() {
  static const RankTables tables;
  return tables;
}

std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return x;
}

}  // namespace

int HoldTables::rank(int n, const FaceCounts& counts) {
  const int base = n + 1;
  int key = 0, w = 1;
  for (int f = 0; f < kFaces; ++f) {
    if (counts[static_cast<std::size_t>(f)] > n) return -1;
    key += counts[static_cast<std::size_t>(f)] * w;
    w *= base;
  }
  return rankTables().rankOf[static_cast<std::size_t>(n)][static_cast<std::size_t>(key)];
}

int HoldTables::multisets(int n) { return rankTables().count[static_cast<std::size_t>(n)]; }

HoldTables::HoldTables(std::array<sim::dice::DieSpec, kHoldDice> dice, std::array<bool, kHoldDice> wild, int rolls)
    : m_dice(std::move(dice)), m_wild(wild), m_rolls(std::clamp(rolls, 1, sim::dice::kMaxTargetRolls)),
      m_slots(new std::atomic<Entry*>[kSlots]) {
  for (std::size_t i = 0; i < kSlots; ++i) m_slots[i].store(nullptr, std::memory_order_relaxed);
}

HoldTables::~HoldTables() {
  for (std::size_t i = 0; i < kSlots; ++i) delete m_slots[i].load(std::memory_order_relaxed);
}

// One table: the solver's success chance for every hold before every roll.
HoldTables::Entry* HoldTables::build(std::uint64_t key, int die, int dice, const Counts& need) const {
  auto entry = std::make_unique<Entry>();
  entry->key = key;
  const int ranks = multisets(dice);
  entry->values.assign(static_cast<std::size_t>(m_rolls * ranks), 0.0f);
  sim::dice::TargetSpec spec;
  sim::dice::TargetAlternative alt;
  for (int e = 0; e < kElements; ++e)
    if (need[static_cast<std::size_t>(e)] > 0) alt.emplace_back(elementName(e), need[static_cast<std::size_t>(e)]);
  spec.alternatives = {alt};
  spec.rolls = m_rolls;
  if (m_wild[static_cast<std::size_t>(die)]) {
    spec.wild = elementName(kZee);
    spec.anchored = true;
  }
  std::string error;
  std::optional<sim::dice::TargetSolver> solver = sim::dice::TargetSolver::solve(m_dice[static_cast<std::size_t>(die)], dice, spec, &error);
  if (!solver) return entry.release();  // unreachable by construction; all zero
  // My faces -> the solver's categories (target faces, the wild, "(other)").
  std::array<int, kFaces> category{};
  const int categories = static_cast<int>(solver->categories().size());
  for (int f = 0; f < kFaces; ++f) {
    const int c = solver->categoryOf(elementName(f));
    const bool targetOrWild = c >= 0 && (f == kZee ? m_wild[static_cast<std::size_t>(die)] : need[static_cast<std::size_t>(f)] > 0);
    category[static_cast<std::size_t>(f)] = targetOrWild ? c : categories - 1;  // merged into "(other)"
  }
  std::vector<int> counts(static_cast<std::size_t>(categories));
  FaceCounts held{};
  // Enumerate every multiset of at most `dice` faces.
  auto visit = [&](auto&& self, int face, int left) -> void {
    if (face == kFaces) {
      std::fill(counts.begin(), counts.end(), 0);
      for (int f = 0; f < kFaces; ++f) counts[static_cast<std::size_t>(category[static_cast<std::size_t>(f)])] += held[static_cast<std::size_t>(f)];
      const int r = rank(dice, held);
      for (int roll = 1; roll <= m_rolls; ++roll)
        entry->values[static_cast<std::size_t>((roll - 1) * ranks + r)] = static_cast<float>(solver->holdValue(roll, counts));
      return;
    }
    for (int k = 0; k <= left; ++k) {
      held[static_cast<std::size_t>(face)] = static_cast<std::uint8_t>(k);
      self(self, face + 1, left - k);
    }
    held[static_cast<std::size_t>(face)] = 0;
  };
  visit(visit, 0, dice);
  m_built.fetch_add(1, std::memory_order_relaxed);
  return entry.release();
}

const HoldTables::Entry* HoldTables::find(std::uint64_t key, int die, int dice, const Counts& need) const {
  std::size_t slot = static_cast<std::size_t>(mix(key)) & (kSlots - 1);
  for (std::size_t probe = 0; probe < kSlots; ++probe, slot = (slot + 1) & (kSlots - 1)) {
    Entry* e = m_slots[slot].load(std::memory_order_acquire);
    if (e == nullptr) {
      Entry* fresh = build(key, die, dice, need);
      Entry* expected = nullptr;
      if (m_slots[slot].compare_exchange_strong(expected, fresh, std::memory_order_acq_rel)) return fresh;
      if (expected->key == key) {
        delete fresh;
        return expected;
      }
      delete fresh;
      continue;  // another key took the slot: probe on
    }
    if (e->key == key) return e;
  }
  return nullptr;  // the cache is full (not reached in practice)
}

HoldTables::Lookup HoldTables::lookup(int die, int dice, const Counts& need) const {
  Lookup out;
  int total = 0;
  for (std::uint8_t n : need) total += n;
  if (total == 0) {
    out.constant = 1.0;
    return out;
  }
  dice = std::min(dice, kPolicyMaxDice);
  if (total > dice || dice <= 0) return out;
  std::uint64_t key = static_cast<std::uint64_t>(die) | static_cast<std::uint64_t>(dice) << 3;
  for (int e = 0; e < kElements; ++e) key |= static_cast<std::uint64_t>(need[static_cast<std::size_t>(e)]) << (8 + 4 * e);
  const Entry* entry = find(key, die, dice, need);
  if (entry == nullptr) return out;
  out.values = entry->values.data();
  out.ranks = multisets(dice);
  return out;
}

double HoldTables::probability(int die, int dice, const Counts& need, int roll, const FaceCounts& held) const {
  const Lookup table = lookup(die, dice, need);
  if (table.values == nullptr) return table.constant;
  const int r = rank(std::min(dice, kPolicyMaxDice), held);
  if (r < 0) return 0.0;
  return at(table, std::clamp(roll, 1, m_rolls), r);
}

}  // namespace wb::rulesets::elemenz
