;;; euc-mode.el --- Major mode for euc construction scripts -*- lexical-binding: t -*-

;; Package-Requires: ((emacs "28.1"))
;; Keywords: languages
;; URL: https://github.com/euc-dev/euc

;;; Commentary:

;; A major mode for `.euc' files: comments, colour for keywords, names,
;; built-in functions and numbers, indentation as `euc fmt' writes it,
;; and the euc language server (`euc lsp') registered with Eglot.  With `euc' on your
;; PATH, one line in your init file sets it all up:
;;
;;   (load "/path/to/euc/editors/emacs/euc-mode.el")
;;
;; Opening a `.euc' file then starts Eglot (see `euc-start-eglot'), which
;; shows the server's diagnostics with Flymake and its hover with ElDoc.
;; Eglot is part of Emacs 29; on Emacs 28 install it first (Debian:
;; `apt-get install elpa-eglot', or `M-x package-install RET eglot').
;; Tested by tests/emacs/smoke.el.

;;; Code:

(require 'cl-lib)

(defvar eglot-server-programs)
(declare-function eglot-ensure "eglot")

(defgroup euc nil
  "Straightedge-and-compass construction scripts."
  :group 'languages
  :prefix "euc-")

(defcustom euc-server-path "euc"
  "The euc program: a name on PATH or a file name.
It is run as `euc lsp' for the language server."
  :type 'string)

(defcustom euc-start-eglot t
  "Whether opening a `.euc' file starts Eglot (if Eglot is installed)."
  :type 'boolean)

(defcustom euc-indent-offset 2
  "Spaces per level of braces or parentheses, as `euc fmt' writes them."
  :type 'integer)

(defconst euc--keywords
  '("let" "const" "point" "line" "segment" "ray" "circle" "solve" "planar"
    "goal" "mask" "ignore" "verify")
  "Words reserved by the language (grammar/euc.ebnf).")

(defconst euc--statement-words
  '("tools" "count" "stars" "tool" "use" "level" "seed" "node" "edge")
  "Names that start a statement where the grammar expects them.")

(defconst euc--builtins
  '("sqrt" "sin" "cos" "tan" "asin" "acos" "atan2" "atan" "abs" "dist"
    "midpoint" "center" "radius" "on" "line" "segment" "ray" "circle" "x" "y"
    "rotate" "reflect" "project" "any" "other" "nearer" "perp_bisector"
    "perpendicular" "parallel" "angle_bisector" "compass")
  "Built-in functions (called by name, as in grammar/euc.tmLanguage.json).")

(defconst euc--name "[[:alpha:]_][[:alnum:]_']*"
  "A name: a letter or `_', then letters, digits, `_' and `''.")

(defvar euc-mode-syntax-table
  (let ((table (make-syntax-table)))
    ;; `//' starts a comment that runs to the end of the line.
    (modify-syntax-entry ?/ ". 12" table)
    (modify-syntax-entry ?\n ">" table)
    (modify-syntax-entry ?\" "\"" table)
    ;; Names may hold `_' and `'' (A', B'').
    (modify-syntax-entry ?_ "_" table)
    (modify-syntax-entry ?' "_" table)
    (dolist (char '(?+ ?- ?* ?& ?| ?= ?< ?> ?, ?\;))
      (modify-syntax-entry char "." table))
    table)
  "Syntax table for `euc-mode'.")

(defun euc--syntactic-face (state)
  "Face of the string or comment that STATE is in: `///' is documentation."
  (cond ((nth 3 state) font-lock-string-face)
        ((save-excursion
           (goto-char (nth 8 state))
           (looking-at-p "///"))
         font-lock-doc-face)
        (t font-lock-comment-face)))

(defconst euc-font-lock-keywords
  ;; Built-in calls first: `line(A, B)' is a function, `line l = …' a
  ;; declaration (the first rule to colour a word wins).
  `((,(concat "\\_<" (regexp-opt euc--builtins t) "\\_>[ \t]*(") 1 font-lock-builtin-face)
    (,(concat "\\_<" (regexp-opt euc--keywords) "\\_>") . font-lock-keyword-face)
    ;; `tools compass', `count l', `node a': a word at a statement's start
    ;; that is not being assigned to.
    (,(concat "\\(?:^\\|;\\)[ \t]*\\(" (regexp-opt euc--statement-words)
              "\\)\\_>[ \t]*[^=, \t\n]")
     1 font-lock-keyword-face)
    (,(concat "\\_<\\(?:solve\\|planar\\|tool\\)[ \t]+\\(" euc--name "\\)")
     1 font-lock-function-name-face)
    (,(concat "\\_<\\(?:let\\|const\\|point\\|line\\|segment\\|ray\\|circle\\|goal\\)[ \t]+\\("
              euc--name "\\(?:[ \t]*,[ \t]*" euc--name "\\)*\\)")
     1 font-lock-variable-name-face)
    ("\\_<pi\\_>" . font-lock-constant-face)
    ;; 3, 0.5, .5, 1e-3, 60deg (not the digits inside a name such as c12).
    ("\\(?:\\_<[0-9]+\\(?:\\.[0-9]*\\)?\\|\\.[0-9]+\\)\\(?:[eE][-+]?[0-9]+\\|deg\\)?\\_>"
     . font-lock-constant-face))
  "Colour for `euc-mode'.")

(defun euc--ends-with-bar ()
  "Whether the last line before this one with text ends with `|'."
  (save-excursion
    (beginning-of-line)
    (skip-chars-backward " \t\n")
    (unless (bobp)
      (let ((comment (nth 8 (syntax-ppss))))
        (when comment (goto-char comment))
        (skip-chars-backward " \t")
        (eq (char-before) ?|)))))

(defun euc-indent-line ()
  "Indent the line as `euc fmt' would.
A level per open brace (a line that starts with `}' one less), and one
more for a continuation: a line inside parentheses (but not one that
closes the last of them), or an either-or alternative (a line that
starts with `|' or follows one that ends with it)."
  (interactive)
  (let* ((open (nth 9 (syntax-ppss (line-beginning-position))))
         (braces (cl-count ?{ open :key #'char-after))
         (parens (- (length open) braces))
         (first (save-excursion (back-to-indentation) (char-after)))
         (continues (or (and (> parens 0)
                             (not (and (= parens 1) (memq first '(?\) ?\])))))
                        (eq first ?|)
                        (euc--ends-with-bar)))
         (level (+ (max 0 (if (eq first ?}) (1- braces) braces))
                   (if continues 1 0)))
         (offset (- (current-column) (current-indentation))))
    (indent-line-to (* euc-indent-offset level))
    (when (> offset 0) (move-to-column (+ (current-indentation) offset)))))

;;;###autoload
(define-derived-mode euc-mode prog-mode "euc"
  "Major mode for euc construction scripts (`.euc' files)."
  :syntax-table euc-mode-syntax-table
  (setq-local comment-start "// ")
  (setq-local comment-end "")
  (setq-local comment-start-skip "//+[ \t]*")
  (setq-local indent-line-function #'euc-indent-line)
  (setq-local indent-tabs-mode nil)
  (setq-local electric-indent-chars (append "{}()|" electric-indent-chars))
  (setq-local font-lock-defaults
              '(euc-font-lock-keywords nil nil nil nil
                (font-lock-syntactic-face-function . euc--syntactic-face)))
  (when (and euc-start-eglot (require 'eglot nil t))
    (eglot-ensure)))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.euc\\'" . euc-mode))

(defun euc--eglot-contact (&optional _interactive)
  "How Eglot starts the server: `euc-server-path' with `lsp'."
  (list euc-server-path "lsp"))

(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs '(euc-mode . euc--eglot-contact)))

(provide 'euc-mode)
;;; euc-mode.el ends here
