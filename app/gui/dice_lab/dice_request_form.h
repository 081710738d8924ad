// DiceRequestForm: the question half of the Dice Lab — the dice (notation,
// with the ruleset's dice one click away), the query (sum, count, at least,
// opposed pools, target with rolls / wild / anchored, expression), the
// optional at-least threshold and the Monte Carlo switch. It turns its fields
// into a sim::dice::DiceRequest and back, and marks the field and column of a
// DiceError (red frame, cursor at the column).
#pragma once

#include <QWidget>

#include "simulation/dice/dice_lab.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace wb::model {
struct Ruleset;
}

namespace wb::app {

class DiceRequestForm : public QWidget {
  Q_OBJECT
 public:
  explicit DiceRequestForm(QWidget* parent = nullptr);

  // Fills the "add a die" list from the ruleset's dice (null = none).
  void setRuleset(const model::Ruleset* ruleset);

  sim::dice::DiceRequest request() const;
  void setRequest(const sim::dice::DiceRequest& request);

  // Marks the field the error names (its line edit turns red, the cursor goes
  // to the column); clearError() restores every field.
  void showError(const sim::dice::DiceError& error);
  void clearError();

  QLineEdit* poolEdit() const { return m_pool; }
  QLineEdit* expressionEdit() const { return m_expression; }
  QComboBox* queryBox() const { return m_query; }

 Q_SIGNALS:
  void submitted();  // Return pressed in a text field
  void queryKindChanged();  // another query kind was chosen

 private:
  void queryChanged();
  void addDie();
  QLineEdit* fieldEdit(const std::string& field) const;

  QComboBox* m_query;
  QFormLayout* m_top;
  QFormLayout* m_bottom;
  QWidget* m_poolRow;
  QLineEdit* m_pool;
  QComboBox* m_die;
  QSpinBox* m_dieCount;
  QLineEdit* m_faces;
  QWidget* m_vsRow;
  QLineEdit* m_vs;
  QCheckBox* m_vsSums;
  QLineEdit* m_target;
  QSpinBox* m_rolls;
  QWidget* m_wildRow;
  QLineEdit* m_wild;
  QCheckBox* m_anchored;
  QLineEdit* m_expression;
  QWidget* m_atLeastRow;
  QCheckBox* m_useAtLeast;
  QDoubleSpinBox* m_atLeast;
  QCheckBox* m_monteCarlo;
  QSpinBox* m_samples;
  QSpinBox* m_seed;
  QLabel* m_hint;
};

}  // namespace wb::app
