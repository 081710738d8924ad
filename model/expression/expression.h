// Amount expressions: `2 * fire`, `fire * magic`, `ceil(utility / 3)`,
// `max(1, starting_health - 10)`.
//
// Grammar (precedence low to high):
//   expr   := term (('+' | '-') term)*
//   term   := unary (('*' | '/') unary)*
//   unary  := '-' unary | primary
//   primary:= number | name | name '(' expr (',' expr)* ')' | '(' expr ')'
// Functions: min(a, b, ...), max(a, b, ...), ceil(x), floor(x), round(x), abs(x).
// Names are parameters, dice and whatever an engine declares; which names are
// known is checked when the expression is compiled against a symbol table.
//
// Bounds (hostile input must not blow the stack or the heap): at most
// kMaxExpressionLength characters, and a tree at most kMaxExpressionDepth
// levels high. Every operator is a level (a flat chain `a+a+...+a` of n terms
// is n levels), and so are nested parentheses, calls and unary signs; every
// walk over the tree (evaluation, compilation, the validator) is recursive and
// relies on this bound.
//
// An Expression is parsed once (immutable, cheap to copy: the tree is shared).
// For the hot loop, compile() turns it into a CompiledExpression that reads
// variables from a flat array of doubles (see compiled_expression.h).
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wb::model {

class CompiledExpression;

inline constexpr std::size_t kMaxExpressionLength = 10000;  // characters
inline constexpr int kMaxExpressionDepth = 200;             // levels of the tree / of nesting

struct ExpressionError {
  int column = 0;  // 1-based column inside the expression text
  std::string message;
  friend bool operator==(const ExpressionError&, const ExpressionError&) = default;
};

struct ExprNode {
  enum class Kind { Number, Name, Negate, Add, Subtract, Multiply, Divide, Call };
  Kind kind = Kind::Number;
  double number = 0;               // Number
  std::string name;                // Name, or the function of a Call
  std::vector<ExprNode> args;      // operands / call arguments
  int column = 1;                  // 1-based start column in the text
  int height = 1;                  // levels of the tree below and including this node (parser)
};

class Expression {
 public:
  Expression();  // the constant 0
  static Expression constant(double value);
  // Parses `text`; on failure returns nullopt and fills `error` (if given).
  static std::optional<Expression> parse(std::string_view text, ExpressionError* error = nullptr);

  const std::string& text() const { return m_text; }
  const ExprNode& root() const { return *m_root; }

  // Distinct names referenced (variables only, not functions), in first-use order.
  std::vector<std::string> names() const;
  bool isConstant() const;                 // no names at all
  std::optional<double> constantValue() const;  // value when isConstant()

  // Slow, convenient evaluation: `lookup` returns a name's value.
  double evaluate(const std::function<double(std::string_view)>& lookup) const;

  // Binds every name to a slot (slotOf returns -1 for unknown names, which is
  // an error reported with the name's column). Returns nullopt on error.
  std::optional<CompiledExpression> compile(const std::function<int(std::string_view)>& slotOf,
                                            ExpressionError* error = nullptr) const;

  // Equal when the texts are equal (the tree follows from the text).
  friend bool operator==(const Expression& a, const Expression& b) { return a.m_text == b.m_text; }

 private:
  std::string m_text;
  std::shared_ptr<const ExprNode> m_root;
};

}  // namespace wb::model
