;;; smoke.el --- Emacs and Eglot against the real euc server -*- lexical-binding: t -*-

;; Run by .ci/run from the checkout's root:
;;   emacs --batch -Q -l tests/emacs/smoke.el SERVER FILE...
;; Compiles editors/emacs/euc-mode.el (no warning allowed), loads it as
;; a user would (the server set with `euc-server-path') and checks its
;; colours on a sample and its indentation against `SERVER fmt' on every
;; example.  Then for each FILE, opened from a copy: Eglot starts the
;; server, Flymake shows the very diagnostics `SERVER check --format json
;; FILE' reports (code, severity, start and end, message and help), and
;; hover on the file's first given point shows its coordinates.  A FILE
;; from tests/fixtures/mistakes must have an error, any other none.  Any
;; mismatch exits 1.

;;; Code:

(require 'cl-lib)

(defvar euc-smoke--root
  (expand-file-name "../.." (file-name-directory load-file-name)))

(defun euc-smoke--fail (format-string &rest args)
  "Say what went wrong, with Emacs's last messages, and exit 1."
  (princ (concat "emacs smoke test: " (apply #'format format-string args) "\n"
                 (with-current-buffer (messages-buffer)
                   (goto-char (point-max))
                   (forward-line -20)
                   (concat "The last messages:\n"
                           (buffer-substring (point) (point-max)))))
         #'external-debugging-output)
  (kill-emacs 1))

(defun euc-smoke--say (format-string &rest args)
  (princ (concat (apply #'format format-string args) "\n")))

(defun euc-smoke--wait (seconds predicate)
  "Run timers and read the server until PREDICATE holds; nil after SECONDS."
  (let ((deadline (+ (float-time) seconds))
        result)
    (while (and (not (setq result (funcall predicate)))
                (< (float-time) deadline))
      (accept-process-output nil 0.05))
    result))

(let ((args command-line-args-left))
  ;; The arguments are this script's, not files for Emacs to visit.
  (setq command-line-args-left nil)
  (when (< (length args) 2)
    (euc-smoke--fail "usage: emacs --batch -Q -l tests/emacs/smoke.el SERVER FILE..."))
  (defvar euc-smoke--server (expand-file-name (car args)))
  (defvar euc-smoke--files (mapcar #'expand-file-name (cdr args))))

;; Emacs 28 has no Eglot of its own: with -Q, activate Debian's elpa-eglot
;; (a user's Emacs does this at start-up).
(unless (locate-library "eglot")
  (require 'package)
  (setq package-directory-list '("/usr/share/emacs/site-lisp/elpa"))
  (package-initialize))
(unless (require 'eglot nil t)
  (euc-smoke--fail "Eglot is not installed (Debian: apt-get install elpa-eglot)"))

(defvar euc-smoke--mode-file (expand-file-name "editors/emacs/euc-mode.el" euc-smoke--root))

;; The file compiles without a warning, in an Emacs of its own (Eglot not
;; loaded, as when a package manager compiles it), from a copy so that no
;; .elc is left behind.
(let* ((scratch (make-temp-file "euc-emacs-compile" t))
       (copy (expand-file-name "euc-mode.el" scratch)))
  (copy-file euc-smoke--mode-file copy)
  (unwind-protect
      (with-temp-buffer
        (unless (eq 0 (call-process (expand-file-name invocation-name invocation-directory)
                                    nil t nil "--batch" "-Q"
                                    "--eval" "(setq byte-compile-error-on-warn t)"
                                    "-f" "batch-byte-compile" copy))
          (euc-smoke--fail "editors/emacs/euc-mode.el does not compile without warnings:\n%s"
                           (buffer-string))))
    (delete-directory scratch t)))

(load euc-smoke--mode-file nil t)
(setq euc-server-path euc-smoke--server)
(setq eglot-autoshutdown t)

;;; Colour: a sample with each kind of word, and the face it must get.

(with-temp-buffer
  (insert "/// a doc comment\n"
          "// a comment\n"
          "point A' = (0, 0.5)\n"
          "line l = line(A', (.25, 1e-3))\n"
          "solve s {\n"
          "  goal M = midpoint(A', B)\n"
          "  tools compass\n"
          "  c1 = circle(A', 60deg)\n"
          "}\n")
  (euc-mode)
  (font-lock-ensure)
  (let ((checked 0))
    (pcase-dolist (`(,text ,nth ,face)
                   '(("doc comment" 1 font-lock-doc-face)
                     ("a comment" 1 font-lock-comment-face)
                     ("point" 1 font-lock-keyword-face)
                     ("A'" 1 font-lock-variable-name-face)
                     ("0.5" 1 font-lock-constant-face)
                     ("line" 1 font-lock-keyword-face)
                     ("l =" 1 font-lock-variable-name-face)
                     ("line" 2 font-lock-builtin-face)
                     (".25" 1 font-lock-constant-face)
                     ("1e-3" 1 font-lock-constant-face)
                     ("solve" 1 font-lock-keyword-face)
                     ("s {" 1 font-lock-function-name-face)
                     ("goal" 1 font-lock-keyword-face)
                     ("midpoint" 1 font-lock-builtin-face)
                     ("tools" 1 font-lock-keyword-face)
                     ("circle" 1 font-lock-builtin-face)
                     ("60deg" 1 font-lock-constant-face)
                     ("c1" 1 nil)
                     ("A'" 4 nil)))
      (goto-char (point-min))
      (unless (search-forward text nil t nth)
        (euc-smoke--fail "no %S in the colour sample" text))
      (let ((found (get-text-property (match-beginning 0) 'face)))
        (unless (eq found face)
          (euc-smoke--fail "%S (occurrence %d) has face %S, expected %S" text nth found face)))
      (cl-incf checked))
    (goto-char (point-min))
    (search-forward "c1")
    (comment-line 1)
    (forward-line -1)
    (unless (looking-at-p "  // c1 = circle")
      (euc-smoke--fail "comment-line wrote %S"
                       (buffer-substring (point) (line-end-position))))
    (euc-smoke--say "emacs smoke test: %d words coloured as expected; comment-line writes // comments"
                    checked)))

;;; Indentation: every example, and a sample of continuations, as
;;; `SERVER fmt' writes it, comes back the same with its indentation removed.

(defconst euc-smoke--continuations
  (concat "tool foot(\nP = (0, 2),\nline l = line((0, 0), (1, 0))\n) -> F {\n"
          "F = project(P, l)\n}\n"
          "solve s {\ngoal X, Y = (A, B)\n| (B, A)\n// note\ngoal Z = A |\n\nB\n}\n"
          "let a = midpoint(\n(0, 0),\n(1, 1))\n")
  "Lines inside parentheses and either-or alternatives (src/format.rs).")

(defun euc-smoke--formatted (text)
  "TEXT as `SERVER fmt -' writes it."
  (with-temp-buffer
    (insert text)
    (unless (eq 0 (call-process-region (point-min) (point-max) euc-smoke--server
                                       t (list t nil) nil "fmt" "-"))
      (euc-smoke--fail "euc fmt refused: %s" text))
    (buffer-string)))

(defun euc-smoke--indents-as-fmt (name text)
  "Fail unless `euc-mode' indents TEXT, its indentation removed, as euc fmt."
  (let ((tidy (euc-smoke--formatted text)))
    (with-temp-buffer
      (insert tidy)
      (euc-mode)
      (goto-char (point-min))
      (while (re-search-forward "^[ \t]+" nil t) (replace-match ""))
      (let ((inhibit-message t))
        (indent-region (point-min) (point-max)))
      (unless (string= (buffer-string) tidy)
        (let ((line 1))
          (cl-loop for want in (split-string tidy "\n")
                   for got in (split-string (buffer-string) "\n")
                   until (not (string= want got))
                   do (cl-incf line))
          (euc-smoke--fail "indentation of %s differs from euc fmt at line %d:\n%s"
                           name line (buffer-string)))))))

(let ((examples (directory-files-recursively
                 (expand-file-name "examples" euc-smoke--root) "\\.euc\\'")))
  (euc-smoke--indents-as-fmt "the continuation sample" euc-smoke--continuations)
  (dolist (example examples)
    (euc-smoke--indents-as-fmt (file-relative-name example euc-smoke--root)
                               (with-temp-buffer
                                 (insert-file-contents example)
                                 (buffer-string))))
  (euc-smoke--say "emacs smoke test: indentation as euc fmt writes it, in %d examples and a sample of continuations"
                  (length examples)))

;;; The server through Eglot.

(defvar euc-smoke--published nil
  "The URIs the server has published diagnostics for.")

(advice-add 'eglot-handle-notification :after
            (lambda (_server method &rest params)
              (when (eq method 'textDocument/publishDiagnostics)
                (push (plist-get params :uri) euc-smoke--published))))

(defun euc-smoke--expected (file)
  "The diagnostics `euc check --format json' reports for FILE, sorted."
  (with-temp-buffer
    (call-process euc-smoke--server nil (list t nil) nil "check" "--format" "json" file)
    (goto-char (point-min))
    (let* ((report (json-parse-buffer :object-type 'alist :array-type 'list))
           (diagnostics (alist-get 'diagnostics (car (alist-get 'files report)))))
      (euc-smoke--sort
       (mapcar (lambda (d)
                 (let-alist d
                   ;; The server adds the help to the message, as the
                   ;; terminal prints it (src/lsp/convert.rs).
                   (list .code .severity .start.line .start.column .end.line .end.column
                         (if (stringp .help) (concat .message "\nhelp: " .help) .message))))
               diagnostics)))))

(defun euc-smoke--sort (diagnostics)
  (sort diagnostics (lambda (a b) (< (+ (* 10000 (nth 2 a)) (nth 3 a))
                                     (+ (* 10000 (nth 2 b)) (nth 3 b))))))

(defun euc-smoke--position (position)
  "POSITION as one-based line and column."
  (save-excursion
    (goto-char position)
    (list (line-number-at-pos) (1+ (current-column)))))

(defun euc-smoke--shown ()
  "The diagnostics Flymake holds for this buffer, in the same shape."
  (euc-smoke--sort
   (mapcar (lambda (d)
             (let ((text (flymake-diagnostic-text d)))
               ;; Eglot writes "SOURCE [CODE]: MESSAGE".
               (unless (string-match "\\`[^[]*\\[\\([^]]+\\)\\]: \\(\\(?:.\\|\n\\)*\\)\\'" text)
                 (euc-smoke--fail "a diagnostic without a code: %S" text))
               (append (list (match-string 1 text)
                             (pcase (flymake-diagnostic-type d)
                               ('eglot-error "error")
                               ('eglot-warning "warning")
                               (_ "info")))
                       (euc-smoke--position (flymake-diagnostic-beg d))
                       (euc-smoke--position (flymake-diagnostic-end d))
                       (list (match-string 2 text)))))
           (flymake-diagnostics))))

(defun euc-smoke--describe (diagnostics)
  (if diagnostics
      (mapconcat (lambda (d) (apply #'format "%s (%s) at %d:%d-%d:%d" (butlast d)))
                 diagnostics ", ")
    "none"))

(defun euc-smoke--hover (buffer)
  "Hover on the first given point of BUFFER written as `point NAME = (X, Y)'."
  (with-current-buffer buffer
    (goto-char (point-min))
    (unless (re-search-forward
             (concat "^point \\(" euc--name "\\) = (\\([-0-9.]+\\), \\([-0-9.]+\\))") nil t)
      (euc-smoke--fail "%s has no given point to hover" (buffer-name)))
    (let ((name (match-string 1))
          (x (string-to-number (match-string 2)))
          (y (string-to-number (match-string 3)))
          answer)
      (goto-char (match-beginning 1))
      (eglot-hover-eldoc-function (lambda (info &rest _) (setq answer (or info ""))))
      (unless (euc-smoke--wait 20 (lambda () answer))
        (euc-smoke--fail "no hover on %s in %s" name (buffer-name)))
      (let ((start 0) found)
        (while (and (not found)
                    (string-match "(\\([-0-9.e]+\\), \\([-0-9.e]+\\))" answer start))
          (setq found (and (= x (string-to-number (match-string 1 answer)))
                           (= y (string-to-number (match-string 2 answer))))
                start (match-end 0)))
        (unless found
          (euc-smoke--fail "hover on %s shows no (%s, %s): %S" name x y answer)))
      (format "hover on %s shows (%s, %s)" name x y))))

;; Eglot's messages (connected, shut down) go to *Messages* only, shown on a
;; failure: jsonrpc 1.0 kills the server as soon as it has been asked to
;; exit, and "exited with status 9" in CI's log would only mislead.
(let ((scratch (make-temp-file "euc-emacs" t))
      (inhibit-message t))
  (unwind-protect
      (dolist (source euc-smoke--files)
        (let* ((file (expand-file-name (file-name-nondirectory source) scratch))
               (_ (copy-file source file))
               (expected (euc-smoke--expected file))
               (buffer (find-file-noselect file)))
          ;; What the files are for: a one-mistake fixture has an error to
          ;; show, any other file is clean.
          (if (string-match-p "/mistakes/" source)
              (unless (cl-find "error" expected :key #'cadr :test #'equal)
                (euc-smoke--fail "%s is a mistake fixture, yet euc check reports no error" source))
            (when expected
              (euc-smoke--fail "%s should be clean, yet euc check reports %S" source expected)))
          (switch-to-buffer buffer)
          (unless (eq major-mode 'euc-mode)
            (euc-smoke--fail "%s opened in %s, not euc-mode" file major-mode))
          ;; eglot-ensure connects after the next command, as in a session.
          (run-hooks 'post-command-hook)
          (unless (euc-smoke--wait 30 (lambda () (eglot-current-server)))
            (euc-smoke--fail "Eglot did not start the server for %s" file))
          (let ((uri (eglot--path-to-uri file))
                shown)
            (unless (euc-smoke--wait
                     30 (lambda ()
                          (when (member uri euc-smoke--published)
                            (flymake-start)
                            (equal (setq shown (euc-smoke--shown)) expected))))
              (euc-smoke--fail "%s: Flymake shows %S, euc check reports %S"
                               (file-name-nondirectory file) shown expected))
            ;; Nothing more arrives: the clean file stays clean.
            (euc-smoke--wait 1 #'ignore)
            (flymake-start)
            (unless (equal (euc-smoke--shown) expected)
              (euc-smoke--fail "%s: after a second, Flymake shows %S"
                               (file-name-nondirectory file) (euc-smoke--shown)))
            (euc-smoke--say "emacs smoke test: %s: diagnostics as euc check reports them: %s; %s"
                            (file-name-nondirectory file) (euc-smoke--describe expected)
                            (euc-smoke--hover buffer)))
          (kill-buffer buffer)))
    (delete-directory scratch t)))

(euc-smoke--say "emacs smoke test: passed")
(kill-emacs 0)

;;; smoke.el ends here
