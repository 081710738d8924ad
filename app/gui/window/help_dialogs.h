// The Help menu's windows: a markdown document (the ruleset format guide
// data/schema/ruleset-format.md, the README's workflows) shown with a list of
// its sections to jump to, and the keyboard shortcuts, listed from the
// window's own actions so the list cannot go stale. Documents are found under
// the documentation root (the source tree: main_workbench sets it, tests too).
#pragma once

#include <QString>
#include <QStringList>

class QDialog;
class QMainWindow;
class QWidget;

namespace wb::app {

void setDocumentationRoot(const QString& dir);
// `relative` under the documentation root (or next to the program); "" if not found.
QString findDocument(const QString& relative);
// The "## " / "### " headings of a markdown file, in order.
QStringList markdownSections(const QString& path);

// A non-modal window showing the markdown file at `path` (rendered), with its
// sections listed on the left; "" or a missing file shows where it was looked for.
QDialog* makeDocumentDialog(QWidget* parent, const QString& title, const QString& path);
// "Menu > Action    Shortcut" for every action of `window` that has one, plus the
// shortcuts that live in widgets (Esc in the filter, Enter in a table).
QStringList shortcutList(QMainWindow* window);
QDialog* makeShortcutsDialog(QMainWindow* window);

}  // namespace wb::app
