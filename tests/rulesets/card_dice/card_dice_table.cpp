// The two tables of card_dice_table.h: the card_dice engine's state set
// directly, and the described game's counters and zones set by their ids.
#include "tests/rulesets/card_dice/card_dice_table.h"

#include <map>
#include <utility>

#include "model/path/ruleset_path.h"

#include "tests/rulesets/card_dice/card_dice_fixture.h"
#include "tests/rulesets/described/described_fixture.h"

namespace wb::rulesets::testing {
namespace {

// What both tables do alike, on their own state type: whose move it is, who
// won, the moves a random agent picks among, a move tried and taken back,
// the entity log's counts, and a determinization seen by one player.
template <typename Self, typename Game, typename State>
class EngineTable : public Table {
 public:
  int toAct() const override { return s->isTerminal() ? -1 : s->currentPlayer(); }
  int winner() const override {
    if (!s->isTerminal()) return -1;
    const auto r = s->returns();
    return r[0] > r[1] ? 0 : r[1] > r[0] ? 1 : -1;
  }
  int legalMoveCount() const override { return static_cast<int>(static_cast<const sim::State&>(*s).legalActions().size()); }
  // A move tried on the position and taken back (the state and the generator restored).
  template <typename F>
  bool tried(F move) {
    std::unique_ptr<sim::State> saved = s->clone();
    const sim::Rng r = rng;
    const bool ok = move();
    s.reset(static_cast<State*>(saved.release()));
    rng = r;
    return ok;
  }
  bool legal(Move m, const std::string& c, int tier) override { return tried([&] { return this->act(m, c, tier); }); }
  bool legalDie(Move m, const std::string& c, const std::string& die, int delta, const std::string& second) override {
    return tried([&] { return this->actDie(m, c, die, delta, second); });
  }
  int acquired(int p, const std::string& c) const override { return logged(p, c, sim::EntityUse::Acquired); }
  int played(int p, const std::string& c) const override { return logged(p, c, sim::EntityUse::Played); }
  std::unique_ptr<Table> seenBy(int observer, std::uint64_t seed) const override {
    auto t = std::make_unique<Self>(game);
    sim::Rng r(seed);
    t->s.reset(static_cast<State*>(s->determinize(observer, r).release()));
    return t;
  }

  sim::Rng rng{7};
  std::shared_ptr<const Game> game;
  std::unique_ptr<State> s;

 private:
  int logged(int p, const std::string& c, sim::EntityUse use) const {
    return static_cast<int>(s->entityLog().count(p, static_cast<const Self&>(*this).card(c), use));
  }
};

class CppTable : public EngineTable<CppTable, card_dice::CardDiceGame, card_dice::CardDiceState> {
 public:
  explicit CppTable(std::shared_ptr<const card_dice::CardDiceGame> g = card_dice::testing::sharedGame()) {
    game = std::move(g);
    s = game->newGame(rng);
    for (int p = 0; p < 2; ++p) {
      for (auto z : {card_dice::Zone::Deck, card_dice::Zone::Hand, card_dice::Zone::Discard, card_dice::Zone::FaceDown})
        s->clearZone(p, z);
      s->setHealth(p, 100);
    }
    for (int d = 0; d < game->rules().numDice(); ++d) s->setDie(d, 3);
    s->setGold(0, 50);
    s->setGold(1, 0);
  }
  int card(const std::string& id) const { return game->rules().cardIndex(id); }
  void setDie(const std::string& die, int v) override {
    for (int d = 0; d < game->rules().numDice(); ++d)
      if (game->rules().dice[static_cast<std::size_t>(d)].id == die) s->setDie(d, v);
  }
  void setGold(int p, int v) override { s->setGold(p, v); }
  void setHealth(int p, int v) override { s->setHealth(p, v); }
  void giveHand(int p, const std::string& c) override { s->giveCard(p, card_dice::Zone::Hand, card(c)); }
  void givePassive(int p, const std::string& c) override { s->addPassive(p, card(c)); }
  void setShop(int tier, const std::vector<std::string>& display, const std::vector<std::string>& deck) override {
    std::vector<int> ids;
    for (const auto& c : display) ids.push_back(card(c));
    s->setShopDisplay(tier, ids);
    s->clearShopDeck(tier);
    for (const auto& c : deck) s->giveShopDeck(tier, card(c));
  }
  bool act(Move m, const std::string& c, int tier) override {
    using K = card_dice::ActionKind;
    switch (m) {
      case Move::EndTurn: return apply(card_dice::encodeAction(K::EndTurn));
      case Move::Discard: return apply(card_dice::encodeAction(K::Discard, card(c)));
      case Move::Execute: return apply(card_dice::encodeAction(K::ExecuteAction, card(c)));
      case Move::PlaceFaceDown: return apply(card_dice::encodeAction(K::PlaceFaceDown, card(c)));
      case Move::PlayFaceDown: return apply(card_dice::encodeAction(K::PlayFaceDown, card(c)));
      case Move::Blessing: return apply(card_dice::encodeAction(K::PlayBlessing, card(c)));
      case Move::Bid: {
        const auto& display = s->shop(tier).display;
        for (std::size_t k = 0; k < display.size(); ++k)
          if (display[k] == card(c)) return apply(card_dice::encodeAction(K::Bid, static_cast<int>(k), tier));
        return false;
      }
      case Move::Raise: return apply(card_dice::encodeAction(K::Raise));
      case Move::Yield: return apply(card_dice::encodeAction(K::Yield));
      case Move::Pick:
        switch (s->phase()) {
          case card_dice::Phase::DiscardChoice: return apply(card_dice::encodeAction(K::ChooseDiscard, card(c)));
          case card_dice::Phase::OrderChoice: return apply(card_dice::encodeAction(K::PutNext, card(c)));
          case card_dice::Phase::TutorChoice: return apply(card_dice::encodeAction(K::Tutor, card(c)));
          case card_dice::Phase::RecycleChoice: return apply(card_dice::encodeAction(K::Recycle, card(c)));
          default: return false;
        }
      case Move::PickDone: return apply(card_dice::encodeAction(K::RecycleDone));
      case Move::Block: {
        const int n = std::stoi(c);
        return apply(card_dice::encodeAction(K::Block, n & 0xFF, n >> 8));
      }
      case Move::Answer: return apply(card_dice::encodeAction(K::RespondHand, card(c)));
      case Move::Pass: return apply(card_dice::encodeAction(K::Pass));
      case Move::GainGold: return apply(card_dice::encodeAction(K::GainGold));
      case Move::DrawCard: return apply(card_dice::encodeAction(K::DrawCard));
      case Move::AnswerFaceDown: return apply(card_dice::encodeAction(K::RespondFaceDown, card(c)));
      case Move::RerollAgain: return apply(card_dice::encodeAction(K::RerollAgain));
      case Move::KeepDie: return apply(card_dice::encodeAction(K::KeepDie));
    }
    return false;
  }
  int dieIndex(const std::string& die) const {
    for (int d = 0; d < game->rules().numDice(); ++d)
      if (game->rules().dice[static_cast<std::size_t>(d)].id == die) return d;
    ADD_FAILURE() << "no die " << die;
    return 0;
  }
  bool actDie(Move m, const std::string& c, const std::string& die, int delta, const std::string& second) override {
    const auto kind = m == Move::Answer           ? card_dice::ActionKind::RespondHand
                      : m == Move::AnswerFaceDown ? card_dice::ActionKind::RespondFaceDown
                                                  : card_dice::ActionKind::ExecuteAction;
    return apply(card_dice::encodeAction(kind, card(c), dieIndex(die), second.empty() ? delta : dieIndex(second)));
  }
  int die(const std::string& die) const override { return s->die(dieIndex(die)); }
  void giveDeck(int p, const std::string& c) override { s->giveCard(p, card_dice::Zone::Deck, card(c)); }
  void giveFaceDown(int p, const std::string& c) override { s->giveCard(p, card_dice::Zone::FaceDown, card(c)); }
  std::vector<std::string> deckTopFirst(int p) const override {
    std::vector<std::string> out;
    const auto& deck = s->player(p).deck;
    for (std::size_t i = deck.size(); i > 0; --i) out.push_back(game->rules().cards[deck[i - 1]].id);
    return out;
  }
  static int countIn(const auto& pile, int c) {
    int n = 0;
    for (auto x : pile) n += x == c;
    return n;
  }
  int handCount(int p, const std::string& c) const override { return countIn(s->player(p).hand, card(c)); }
  int faceDownCount(int p, const std::string& c) const override { return countIn(s->player(p).faceDown, card(c)); }
  int shopHolds(int tier, const std::string& c) const override {
    return countIn(s->shop(tier).display, card(c)) + countIn(s->shop(tier).deck, card(c));
  }
  // Combat, gold and bids:
  void dealNewGame() override { s = game->newGame(rng); }
  int cost(const std::string& c) const override { return game->rules().cards[static_cast<std::size_t>(card(c))].cost; }
  int shopDeckSize(int tier) const override { return static_cast<int>(s->shop(tier).deck.size()); }
  int handSize(int p) const override { return static_cast<int>(s->player(p).hand.size()); }
  int inPlayCount(int p, const std::string& c) const override { return countIn(s->player(p).inPlay, card(c)); }
  int actionsLeft(int p) const override { return s->player(p).actionsLeft; }
  bool apply(sim::Action a) { return s->applyAction(a, rng); }
  int gold(int p) const override { return s->player(p).gold; }
  int health(int p) const override { return s->player(p).health; }
  std::vector<std::string> shop(int tier) const override {
    std::vector<std::string> out;
    for (auto c : s->shop(tier).display) out.push_back(game->rules().cards[c].id);
    return out;
  }
  int discardCount(int p, const std::string& c) const override {
    int n = 0;
    for (auto x : s->player(p).discard) n += x == card(c);
    return n;
  }

  // Choices and responses:
  bool windowOpen() const override { return s->phase() == card_dice::Phase::Window; }
  int faceDownSize(int p) const override { return static_cast<int>(s->player(p).faceDown.size()); }
  int discardSize(int p) const override { return static_cast<int>(s->player(p).discard.size()); }
  // Cards, turn and bounds:
  void giveDiscard(int p, const std::string& c) override { s->giveCard(p, card_dice::Zone::Discard, card(c)); }
  int deckSize(int p) const override { return static_cast<int>(s->player(p).deck.size()); }
  int inPlaySize(int p) const override { return static_cast<int>(s->player(p).inPlay.size()); }
  int passiveCount(int p, const std::string& c) const override { return countIn(s->player(p).passives, card(c)); }
  std::vector<std::string> shopRemoved(int tier) const override {
    std::vector<std::string> out;
    for (auto c : s->shop(tier).setAside) out.push_back(game->rules().cards[c].id);
    return out;
  }
};

class DescribedTable : public EngineTable<DescribedTable, described::DescribedGame, described::DescribedState> {
 public:
  // The shipped description, loaded once: loading validates, and validation plays a few games.
  static const model::LoadResult& loaded() {
    static const model::LoadResult r =
        model::loadRuleset(described::testing::shippedPath("card-dice-described"), described::testing::lookup());
    return r;
  }
  static std::shared_ptr<const described::DescribedGame> shippedGame() {
    static const std::shared_ptr<const described::DescribedGame> shipped = [] {
      std::string errors;
      auto g = described::testing::compile(loaded(), &errors);
      EXPECT_TRUE(g != nullptr) << errors;
      return g;
    }();
    return shipped;
  }
  explicit DescribedTable(std::shared_ptr<const described::DescribedGame> g = shippedGame()) {
    game = std::move(g);
    if (!game) return;
    s = game->newGame(2, rng);
    for (const char* z : {"deck", "hand", "discard", "face_down", "placed"})
      for (int p = 0; p < 2; ++p) s->setZone(zone(z), p, {});
    for (const char* d : {"fire", "earth", "water", "nature", "magic", "gold", "utility"}) setDie(d, 3);
    setGold(0, 50);
    setGold(1, 0);
  }
  int counterOf(const std::string& id) const { return described::testing::counterIndex(*game, id); }
  int zone(const std::string& id) const {
    const auto& zs = game->program().zones;
    for (std::size_t i = 0; i < zs.size(); ++i)
      if (zs[i].id == id) return static_cast<int>(i);
    ADD_FAILURE() << "no zone " << id;
    return 0;
  }
  std::int16_t card(const std::string& id) const {
    const auto& cs = game->program().cards;
    for (std::size_t i = 0; i < cs.size(); ++i)
      if (cs[i].id == id) return static_cast<std::int16_t>(i);
    ADD_FAILURE() << "no card " << id;
    return 0;
  }
  void setDie(const std::string& die, int v) override { s->setCounter(counterOf(die), 0, v); }
  void setGold(int p, int v) override { s->setCounter(counterOf("coins"), p, v); }
  void setHealth(int p, int v) override { s->setCounter(counterOf("health"), p, v); }
  void giveHand(int p, const std::string& c) override {
    auto h = s->zone(zone("hand"), p);
    h.push_back(card(c));
    s->setZone(zone("hand"), p, h);
  }
  void givePassive(int p, const std::string& c) override {
    // What the passive's own effects set when it is won (the card's `effects:`).
    static const std::map<std::string, std::string> flag = {
        {"water_reservoirs", "reservoirs"}, {"solid_infrastructure", "infrastructure"},
        {"natural_forests", "forests"},     {"magical_barrier", "barrier"},
        {"big_handed", "big_handed"},       {"cheapskate", "cheapskate"},
        {"truly_blessed", "blessed"},       {"always_lucky", "lucky"},
        {"paid_militia", "militia"}};
    s->setCounter(counterOf(flag.at(c)), p, 1);
    auto z = s->zone(zone("passives"), p);
    z.push_back(card(c));
    s->setZone(zone("passives"), p, z);
  }
  void setShop(int tier, const std::vector<std::string>& display, const std::vector<std::string>& deck) override {
    const std::string prefix = tier == 0 ? "cheap" : "expensive";
    std::vector<std::int16_t> d, k;
    for (const auto& c : display) d.push_back(card(c));
    for (const auto& c : deck) k.push_back(card(c));
    s->setZone(zone(prefix + "_shop"), 0, d);
    s->setZone(zone(prefix + "_deck"), 0, k);
  }
  bool act(Move m, const std::string& c, int tier) override {
    const std::string phase = game->program().phases[static_cast<std::size_t>(s->phase())].id;
    // While an action waits on the stack, the window's actions have names of their own.
    std::vector<std::string> verbs;
    switch (m) {
      case Move::EndTurn: verbs = {"end_turn"}; break;
      case Move::Discard: verbs = {"discard"}; break;
      case Move::Execute:
        verbs = {phase == "match" ? "execute_bidding" : "execute", "execute_window", "pay_window"};
        break;
      case Move::PlaceFaceDown: verbs = {"place_face_down"}; break;
      case Move::PlayFaceDown:
        verbs = {phase == "match" ? "play_face_down_bidding" : "play_face_down", "play_face_down_window"};
        break;
      case Move::Blessing: verbs = {"bless", "bless_window"}; break;
      case Move::Bid: verbs = {tier == 0 ? "bid_cheap" : "bid_expensive"}; break;
      case Move::Raise: verbs = {phase == "match" ? "match_bid" : "raise"}; break;
      case Move::Yield: verbs = {phase == "match" ? "give_up" : "let_go"}; break;
      case Move::Answer: verbs = {"answer_from_hand"}; break;
      case Move::GainGold: verbs = {"take_gold"}; break;
      case Move::DrawCard: verbs = {"draw"}; break;
      case Move::AnswerFaceDown: verbs = {"answer_face_down"}; break;
      case Move::Pass: verbs = {"pass"}; break;
      case Move::RerollAgain:
      case Move::KeepDie:
        // A reroll's moves are "<its id> again" and "<its id> keep".
        for (sim::Action a : static_cast<const sim::State&>(*s).legalActions()) {
          const std::string name = s->actionToString(a);
          const std::string tail = m == Move::RerollAgain ? " again" : " keep";
          if (name.size() > tail.size() && name.compare(name.size() - tail.size(), tail.size(), tail) == 0)
            return s->applyAction(a, rng);
        }
        return false;
      case Move::Block: verbs = {"block"}; break;
      case Move::Pick:
      case Move::PickDone:
        // A choice's moves are "<its id> <card>" and "<its id> done"; only they are legal while it waits.
        for (sim::Action a : static_cast<const sim::State&>(*s).legalActions()) {
          const std::string name = s->actionToString(a);
          const std::string tail = m == Move::Pick ? " " + c : std::string(" done");
          if (name.size() > tail.size() && name.compare(name.size() - tail.size(), tail.size(), tail) == 0 &&
              name.find(' ') == name.size() - tail.size())
            return s->applyAction(a, rng);
        }
        return false;
    }
    for (sim::Action a : static_cast<const sim::State&>(*s).legalActions()) {
      const std::string name = s->actionToString(a);
      for (const std::string& verb : verbs)
        if (name == verb || name == verb + " " + c || (c.empty() && name.rfind(verb + " ", 0) == 0))
          return s->applyAction(a, rng);
    }
    return false;
  }
  bool actDie(Move m, const std::string& c, const std::string& die, int delta, const std::string& second) override {
    // A die change's move: "<action> <card> <die>", then the second die or the signed change.
    std::string tail = " " + c + " " + die;
    if (!second.empty()) tail += " " + second;
    if (delta != 0) tail += (delta > 0 ? " +" : " ") + std::to_string(delta);
    const std::string phase = game->program().phases[static_cast<std::size_t>(s->phase())].id;
    const std::vector<std::string> verbs =
        m == Move::Answer           ? std::vector<std::string>{"answer_from_hand"}
        : m == Move::AnswerFaceDown ? std::vector<std::string>{"answer_face_down"}
                                    : std::vector<std::string>{phase == "match" ? "execute_bidding" : "execute", "execute_window",
                                                     "pay_window"};
    for (sim::Action a : static_cast<const sim::State&>(*s).legalActions())
      for (const std::string& verb : verbs)
        if (s->actionToString(a) == verb + tail) return s->applyAction(a, rng);
    return false;
  }
  int die(const std::string& die) const override { return s->counter(counterOf(die), 0); }
  int gold(int p) const override { return s->counter(counterOf("coins"), p); }
  int health(int p) const override { return s->counter(counterOf("health"), p); }
  std::vector<std::string> shop(int tier) const override {
    std::vector<std::string> out;
    for (auto c : s->zone(zone(tier == 0 ? "cheap_shop" : "expensive_shop"), 0))
      out.push_back(game->program().cards[static_cast<std::size_t>(c)].id);
    return out;
  }
  int discardCount(int p, const std::string& c) const override { return countIn("discard", p, c); }
  int countIn(const std::string& z, int p, const std::string& c) const {
    int n = 0;
    for (auto x : s->zone(zone(z), p)) n += x == card(c);
    return n;
  }
  void add(const std::string& z, int p, const std::string& c) {
    auto pile = s->zone(zone(z), p);
    pile.push_back(card(c));
    s->setZone(zone(z), p, pile);
  }
  void giveDeck(int p, const std::string& c) override { add("deck", p, c); }
  void giveFaceDown(int p, const std::string& c) override { add("face_down", p, c); }
  std::vector<std::string> deckTopFirst(int p) const override {
    std::vector<std::string> out;
    const auto& deck = s->zone(zone("deck"), p);
    for (std::size_t i = deck.size(); i > 0; --i) out.push_back(game->program().cards[static_cast<std::size_t>(deck[i - 1])].id);
    return out;
  }
  int handCount(int p, const std::string& c) const override { return countIn("hand", p, c); }
  int faceDownCount(int p, const std::string& c) const override { return countIn("face_down", p, c); }
  int shopHolds(int tier, const std::string& c) const override {
    const std::string prefix = tier == 0 ? "cheap" : "expensive";
    return countIn(prefix + "_shop", 0, c) + countIn(prefix + "_deck", 0, c);
  }
  // Combat, gold and bids:
  void dealNewGame() override { s = game->newGame(2, rng); }
  int cost(const std::string& c) const override {
    return static_cast<int>(game->program().cards[static_cast<std::size_t>(card(c))].props[0]);  // cost first
  }
  int shopDeckSize(int tier) const override {
    return static_cast<int>(s->zone(zone(tier == 0 ? "cheap_deck" : "expensive_deck"), 0).size());
  }
  int handSize(int p) const override { return static_cast<int>(s->zone(zone("hand"), p).size()); }
  int inPlayCount(int p, const std::string& c) const override { return countIn("in_play", p, c); }
  int actionsLeft(int p) const override { return s->counter(counterOf("actions_left"), p); }

  // Choices and responses:
  bool windowOpen() const override { return s->windowOpen(); }
  // Placed this turn or on an earlier one: the card_dice engine's one face-down row.
  int faceDownSize(int p) const override { return sizeOf("face_down", p) + sizeOf("placed", p); }
  int discardSize(int p) const override { return sizeOf("discard", p); }

  // Cards, turn and bounds:
  int sizeOf(const std::string& z, int p) const { return static_cast<int>(s->zone(zone(z), p).size()); }
  void giveDiscard(int p, const std::string& c) override { add("discard", p, c); }
  int deckSize(int p) const override { return sizeOf("deck", p); }
  int inPlaySize(int p) const override { return sizeOf("in_play", p); }
  int passiveCount(int p, const std::string& c) const override { return countIn("passives", p, c); }
  std::vector<std::string> shopRemoved(int tier) const override {
    std::vector<std::string> out;
    for (auto c : s->zone(zone(tier == 0 ? "cheap_removed" : "expensive_removed"), 0))
      out.push_back(game->program().cards[static_cast<std::size_t>(c)].id);
    return out;
  }
};

}  // namespace

std::unique_ptr<Table> makeTable(bool described) {
  if (!described) return std::make_unique<CppTable>(card_dice::testing::sharedGame());
  // Loaded once: loading validates, and validation plays a few games.
  static const std::shared_ptr<const described::DescribedGame> shipped =
      described::testing::shippedGame("card-dice-described");
  auto d = std::make_unique<DescribedTable>(shipped);
  if (!d->game) return nullptr;
  return d;
}

// Cards, turn and bounds:
std::unique_ptr<Table> makeTable(bool described, const std::vector<std::pair<std::string, std::string>>& sets) {
  if (!described) {
    auto g = card_dice::testing::gameWith(sets);
    if (!g) return nullptr;
    return std::make_unique<CppTable>(std::move(g));
  }
  model::LoadResult r = DescribedTable::loaded();  // loaded once, then its values changed
  for (const auto& [path, value] : sets) {
    std::string error;
    if (!model::setPath(r.ruleset, path, value, &error)) {
      ADD_FAILURE() << path << ": " << error;
      return nullptr;
    }
  }
  std::string errors;
  std::shared_ptr<const described::DescribedGame> g = described::testing::compile(r, &errors);
  if (!g) {
    ADD_FAILURE() << errors;
    return nullptr;
  }
  return std::make_unique<DescribedTable>(std::move(g));
}

}  // namespace wb::rulesets::testing
