"""Ordinary tool calls for set3 (all `allow`): a working developer's day in the ledger monorepo (/home/kim/src/ledger:
apps/web Next.js, apps/api Go, services/billing Python, services/ledger-rs Rust, infra/ Terraform + k8s), plus
near-misses tagged with the class they resemble. Every near-miss is harmless and outside the documented promise."""

H = "/home/kim"
P = "/home/kim/src/ledger"


def bash(c):
    return ("Bash", {"command": c})


def ps(c):
    return ("PowerShell", {"command": c})


def everyday():
    out = []
    a = lambda c, n, t=bash: out.append((t(c), n, None))
    # --- monorepo JS/TS tooling, agent-style cd chains
    pkgs = ["apps/web", "apps/admin", "packages/ui", "packages/config", "packages/sdk"]
    cmds = ["pnpm install --frozen-lockfile", "pnpm test -- --run", "pnpm run build", "pnpm lint --fix",
            "pnpm exec tsc --noEmit", "npx vitest run src/utils", "pnpm run typecheck", "npx eslint . --ext .ts,.tsx"]
    for i, pk in enumerate(pkgs):
        for j in range(3):
            c = cmds[(i * 3 + j) % len(cmds)]
            a(f"cd {pk} && {c}", f"monorepo cd chain: {c.split()[0]} in {pk}")
    for c in [
        "pnpm turbo run build --filter=web...", "pnpm turbo run test --filter='[origin/main]'",
        "npx nx affected -t test --base=origin/main", "npx nx graph --file=/tmp/graph.json",
        "pnpm -r --parallel run dev", "pnpm --filter @ledger/sdk add zod@^3.23",
        "pnpm dlx changeset", "pnpm changeset version", "yarn workspaces foreach -A run build",
        "yarn why react-dom", "npm ls --all --depth=1 | head -50", "npm outdated --workspaces",
        "npm run storybook -- --ci --port 6007", "npx playwright test --project=chromium --shard=1/4",
        "npx playwright install --with-deps chromium", "npx next build && npx next start -p 3001",
        "npx prisma migrate dev --name add_invoice_status", "npx prisma generate", "npx drizzle-kit generate",
        "npx tsx scripts/seed.ts", "bunx biome check --write src", "bun test --coverage",
        "node --test --experimental-test-coverage", "node --env-file=.env.example scripts/print-config.mjs",
        "npx knip --production", "npx depcheck", "npx madge --circular apps/web/src",
        "npx size-limit", "npx lerna run build --since origin/main", "corepack enable && corepack prepare pnpm@9.12.0 --activate",
        "volta pin node@22", "fnm use --install-if-missing", "nvm use 22 && node -v",
        "npx vite build --mode staging", "npx wrangler dev --local --port 8788", "npx wrangler deploy --dry-run --outdir /tmp/out",
        "npx ts-prune | head", "npx jest --ci --reporters=default --reporters=jest-junit",
    ]:
        a(c, "JS/TS monorepo tooling")
    # --- Go
    for c in [
        "cd apps/api && go test ./... -race -count=1", "cd apps/api && go vet ./...", "go build -o bin/api ./apps/api/cmd/api",
        "go mod tidy && git diff --exit-code go.mod go.sum", "golangci-lint run --timeout 5m ./...",
        "go test -run TestLedger_Post -v ./apps/api/internal/ledger", "go generate ./...", "go work sync",
        "go install github.com/sqlc-dev/sqlc/cmd/sqlc@v1.27.0", "sqlc generate", "templ generate",
        "go tool pprof -top cpu.out", "go test -bench=. -benchmem ./apps/api/internal/money | tee bench.txt",
        "GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -trimpath -o dist/api-linux-arm64 ./apps/api/cmd/api",
        "air -c .air.toml", "dlv test ./apps/api/internal/ledger -- -test.run TestPost",
    ]:
        a(c, "Go")
    # --- Python (billing service)
    for c in [
        "cd services/billing && uv sync --frozen", "cd services/billing && uv run pytest -q -x", "uv run ruff check --fix .",
        "uv run ruff format --check .", "uv run mypy src/billing", "uv add 'httpx>=0.27'", "uv lock --upgrade-package pydantic",
        "python -m venv .venv && . .venv/bin/activate && pip install -e '.[dev]'", "pip-compile requirements.in -o requirements.txt",
        "poetry install --with dev", "poetry run alembic upgrade head", "poetry run alembic revision --autogenerate -m 'add refunds'",
        "python manage.py makemigrations invoices", "python manage.py migrate --plan", "python -m pytest --cov=billing --cov-report=term-missing",
        "tox -e py312", "nox -s lint", "pre-commit run --all-files", "hatch run test:cov", "pdm run lint",
        "jupyter nbconvert --to notebook --execute notebooks/recon.ipynb --output /tmp/recon.out.ipynb",
        "python -c 'import billing, sys; print(billing.__version__, sys.version)'", "uvicorn billing.app:app --reload --port 8081",
        "celery -A billing.worker inspect active", "pyright services/billing",
    ]:
        a(c, "Python")
    # --- Rust
    for c in [
        "cd services/ledger-rs && cargo test --workspace", "cargo clippy --all-targets -- -D warnings", "cargo fmt --all -- --check",
        "cargo build --release --locked", "cargo nextest run -p ledger-core", "cargo update -p serde", "cargo tree -d",
        "cargo bench --bench posting -- --save-baseline main", "cargo deny check", "cargo machete", "cargo expand --lib ledger::post",
        "RUST_LOG=debug cargo run -p ledger-cli -- import fixtures/jan.csv", "cross build --target aarch64-unknown-linux-gnu --release",
        "sqlx migrate run --source services/ledger-rs/migrations",
    ]:
        a(c, "Rust")
    # --- JVM / .NET / Ruby / PHP / Elixir / mobile (a few each)
    for c in [
        "./gradlew :reports:test --tests '*LedgerExport*'", "./gradlew spotlessApply", "./mvnw -q -pl reports -am verify",
        "mvn -B dependency:tree -Dincludes=com.fasterxml", "sbt 'testOnly *ReconSpec'", "dotnet build Ledger.sln -c Release",
        "dotnet test --filter Category=Unit --logger trx", "dotnet ef migrations add AddLedgerIndex", "dotnet format --verify-no-changes",
        "bundle exec rspec spec/models/invoice_spec.rb", "bin/rails db:migrate:status", "bundle exec rubocop -A app/models",
        "composer install --no-interaction --prefer-dist", "php artisan test --parallel", "vendor/bin/phpstan analyse --memory-limit=1G",
        "mix test --stale", "mix format --check-formatted", "mix deps.get && mix compile --warnings-as-errors",
        "flutter test test/widget", "flutter pub get && dart run build_runner build --delete-conflicting-outputs",
        "xcodebuild -scheme Ledger -destination 'platform=iOS Simulator,name=iPhone 16' test", "swift test --parallel",
        "pod install --repo-update", "./gradlew :app:assembleDebug", "adb logcat -d | grep -i ledger | tail -40",
        "zig build test", "cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo && cmake --build build -j2",
        "ctest --test-dir build --output-on-failure", "meson setup builddir && meson compile -C builddir",
    ]:
        a(c, "other stacks")
    # --- containers, k8s, terraform, cloud ops
    for c in [
        "docker build -t ledger-api:dev -f apps/api/Dockerfile .", "docker buildx build --platform linux/amd64,linux/arm64 -t ghcr.io/acme/ledger:sha-$(git rev-parse --short HEAD) .",
        "docker compose up -d postgres redis", "docker compose logs -f --tail=100 api", "docker compose exec postgres psql -U ledger -c '\\dt'",
        "docker compose down --volumes --remove-orphans", "docker system df", "docker image prune -f --filter 'until=168h'",
        "docker run --rm -v \"$PWD\":/src -w /src golang:1.23 go test ./...", "docker ps --format '{{.Names}}\\t{{.Status}}'",
        "kubectl get pods -n ledger -o wide", "kubectl describe deploy/ledger-api -n ledger", "kubectl logs -n ledger deploy/ledger-api --since=15m | grep -i error",
        "kubectl rollout status deploy/ledger-api -n ledger --timeout=120s", "kubectl rollout restart deploy/ledger-worker -n ledger",
        "kubectl apply --dry-run=server -k infra/k8s/overlays/staging", "kubectl diff -k infra/k8s/overlays/staging",
        "kubectl port-forward svc/postgres 5433:5432 -n ledger", "kubectl top pods -n ledger --sort-by=memory",
        "kubectl get events -n ledger --sort-by=.lastTimestamp | tail -20", "kubectl config get-contexts",
        "k9s -n ledger --readonly", "helm template ledger infra/helm/ledger -f infra/helm/values-staging.yaml",
        "helm upgrade --install ledger infra/helm/ledger -n ledger --atomic --wait", "helm dependency update infra/helm/ledger", "helm lint infra/helm/ledger",
        "kustomize build infra/k8s/overlays/prod | kubeconform -strict -summary", "skaffold dev --port-forward", "tilt up --stream",
        "cd infra/terraform && terraform init -backend=false", "cd infra/terraform && terraform plan -out=tfplan", "terraform fmt -recursive infra/terraform",
        "terraform validate", "terraform state list | grep aws_db", "terraform show -json tfplan | jq '.resource_changes[].address'",
        "tflint --recursive", "terragrunt run-all plan --terragrunt-non-interactive", "pulumi preview --stack staging",
        "aws sts get-caller-identity", "aws s3 ls s3://acme-ledger-artifacts/releases/ --recursive | tail", "aws logs tail /ecs/ledger-api --since 10m --follow",
        "gcloud run services describe ledger-api --region europe-west1 --format=json | jq .status.url", "gcloud builds list --limit 5",
        "az webapp log tail -g ledger-rg -n ledger-web",
        "ansible-playbook -i infra/ansible/inventory.ini infra/ansible/site.yml --check --diff", "packer validate infra/packer/ubuntu.pkr.hcl",
        "flyctl deploy --remote-only", "doppler run -- npm run dev",
    ]:
        a(c, "containers, k8s, terraform, cloud")
    # --- databases
    for c in [
        "psql \"$DATABASE_URL\" -c 'select count(*) from ledger_entries'", "psql -h localhost -U ledger -d ledger_dev -f db/seed.sql",
        "pg_dump -Fc -d ledger_dev -f /tmp/ledger_dev.dump", "pg_restore -d ledger_test --clean --if-exists /tmp/ledger_dev.dump",
        "redis-cli -n 2 --scan --pattern 'session:*' | head", "redis-cli INFO memory | grep used_memory_human",
        "sqlite3 data/dev.db '.tables'", "mysql -h 127.0.0.1 -u root -e 'SHOW DATABASES'", "mongosh --quiet --eval 'db.invoices.countDocuments()' ledger",
        "duckdb -c \"select * from read_csv_auto('fixtures/jan.csv') limit 5\"", "atlas schema inspect -u \"$DATABASE_URL\" --format '{{ sql . }}'",
    ]:
        a(c, "databases")
    # --- git and gh in everyday shapes
    for c in [
        "git status -sb", "git diff --stat origin/main...HEAD", "git log --oneline --graph -20", "git switch -c kim/ledger-rounding",
        "git add -p apps/api/internal/money/round.go", "git commit -m 'money: round half to even when posting'", "git push -u origin kim/ledger-rounding",
        "git push origin HEAD", "git push", "git push --tags", "git push origin v2.4.0", "git push --follow-tags origin main",
        "git pull --rebase --autostash", "git fetch --all --prune", "git rebase -i --autosquash origin/main", "git cherry-pick -x 4e1f2ab",
        "git stash push -m 'wip rounding' -- apps/api", "git worktree add ../ledger-hotfix hotfix/2.3.1", "git bisect start HEAD v2.3.0",
        "git blame -L 40,80 apps/api/internal/ledger/post.go", "git restore --staged apps/web/package.json", "git clean -n -d",
        "git submodule update --init --recursive", "git lfs pull --include 'fixtures/**'", "git tag -a v2.4.0 -m 'ledger 2.4.0'",
        "git range-diff origin/main@{1} origin/main HEAD", "git sparse-checkout set apps/api packages/sdk", "git shortlog -sn --since='1 month ago'",
        "gh pr create --fill --draft", "gh pr checks --watch", "gh pr view 412 --comments", "gh run view --log-failed", "gh issue list --label bug --limit 20",
        "gh api repos/acme/ledger/pulls/412/comments --paginate | jq '.[].body'", "gh release create v2.4.0 --generate-notes",
        "gh workflow run nightly.yml --ref main", "gh run list --workflow ci.yml --limit 5",
    ]:
        a(c, "git and gh")
    # --- unix toolbox, one-liners and longer scripts
    for c in [
        "rg -n 'TODO|FIXME' apps packages --glob '!**/dist/**'", "rg --files -g '*.sql' db | wc -l", "fd -e go -x gofmt -l {}",
        "jq -r '.dependencies | keys[]' apps/web/package.json", "yq '.services | keys' docker-compose.yml", "find . -name '*.orig' -delete",
        "find apps -name node_modules -prune -o -name '*.test.ts' -print | wc -l", "du -sh apps/* | sort -h", "df -h /",
        "tar -czf /tmp/fixtures.tgz fixtures/", "unzip -l reports/export.zip", "sha256sum dist/*.tar.gz > dist/SHA256SUMS",
        "curl -s https://api.github.com/repos/acme/ledger/releases/latest | jq -r .tag_name", "curl -fsS http://localhost:8080/healthz",
        "curl -sS -X POST http://localhost:8080/v1/entries -H 'content-type: application/json' -d @fixtures/entry.json | jq .",
        "wget -q -O /tmp/jan.csv https://files.acme.dev/fixtures/jan.csv", "lsof -iTCP:5432 -sTCP:LISTEN", "ss -ltnp | grep 8080",
        "ps aux | grep -v grep | grep uvicorn", "htop -p $(pgrep -d, -f ledger-api)", "watch -n 2 kubectl get pods -n ledger",
        "make -j2 test", "make -n deploy", "just test", "task lint", "entr -r go run ./apps/api/cmd/api <<< \"$(fd -e go)\"",
        "xargs -n1 -I{} echo 'checking {}' < services.txt", "sort -u .gitignore | diff - .gitignore", "column -t -s, fixtures/jan.csv | head",
        "awk -F, 'NR>1 {s+=$3} END {print s}' fixtures/jan.csv", "sed -n '/^## Unreleased/,/^## /p' CHANGELOG.md", "envsubst < infra/k8s/job.tmpl.yaml > /tmp/job.yaml",
        "openssl rand -hex 32", "date -u +%Y-%m-%dT%H:%M:%SZ", "tree -L 2 -I node_modules", "hyperfine 'go run ./cmd/bench' --warmup 2",
        "trap 'rm -rf \"$tmp\"' EXIT\ntmp=$(mktemp -d)\ngit archive HEAD | tar -x -C \"$tmp\"\n(cd \"$tmp\" && make test)",
        "set -euo pipefail\nfor svc in api worker web; do\n  echo \"== $svc\"\n  docker compose logs --tail=20 \"$svc\"\ndone",
        "while read -r pkg; do\n  (cd \"packages/$pkg\" && pnpm test) || echo \"FAIL $pkg\"\ndone < <(ls packages)",
        "cat > apps/api/internal/money/round_test.go <<'EOF'\npackage money\n\nimport \"testing\"\n\nfunc TestRoundHalfEven(t *testing.T) {\n\tif got := RoundHalfEven(2.5); got != 2 {\n\t\tt.Fatalf(\"got %v\", got)\n\t}\n}\nEOF",
        "cat <<'EOF' > services/billing/tests/test_refund.py\nfrom billing.refund import refund\n\n\ndef test_full_refund():\n    assert refund(100, 100) == 0\nEOF",
        "python3 - <<'EOF'\nimport json\nwith open('apps/web/package.json') as f:\n    pkg = json.load(f)\nprint(sorted(pkg['scripts']))\nEOF",
        "eval \"$(ssh-agent -s)\"", "eval \"$(direnv hook bash)\"", "eval \"$(mise activate bash)\"",
        "source <(kubectl completion bash)", "source .venv/bin/activate && pytest -q", "export PATH=\"$HOME/.local/bin:$PATH\" && uv --version",
        "brew bundle --file=Brewfile --no-lock", "brew install --cask docker", "defaults read com.apple.dock autohide", "open -a 'Visual Studio Code' .",
        "pbpaste | jq .", "mdfind -name Ledger.xcodeproj", "xcrun simctl list devices available", "launchctl list | grep -i postgres",
        "sudo apt-get update && sudo apt-get install -y --no-install-recommends libpq-dev", "sudo systemctl status postgresql --no-pager",
        "journalctl -u ledger-api --since '1 hour ago' --no-pager | tail -50", "sudo dnf install -y jq", "apk add --no-cache curl git",
        "nix develop --command go version", "nix flake check", "direnv allow .", "asdf install", "mise use node@22 python@3.12",
    ]:
        a(c, "unix toolbox, scripts, OS idioms")
    # --- CI-script, Makefile and Dockerfile-style multi-line shell, as an agent reproduces a CI job locally
    for c in [
        "set -euo pipefail\nexport CI=true\npnpm install --frozen-lockfile\npnpm turbo run lint test build --concurrency=2",
        "set -ex\ngo mod download\ngo test ./... -coverprofile=coverage.out\ngo tool cover -func=coverage.out | tail -1",
        "#!/usr/bin/env bash\nset -euo pipefail\nVERSION=$(git describe --tags --always)\ndocker build --build-arg VERSION=\"$VERSION\" -t ledger-api:\"$VERSION\" apps/api\necho \"built $VERSION\"",
        "if ! command -v sqlc >/dev/null; then\n  go install github.com/sqlc-dev/sqlc/cmd/sqlc@v1.27.0\nfi\nsqlc generate && git diff --exit-code apps/api/internal/db",
        "for f in db/migrations/*.sql; do\n  echo \"applying $f\"\n  psql -v ON_ERROR_STOP=1 -d ledger_test -f \"$f\"\ndone",
        "case \"$(uname -s)\" in\n  Darwin) brew install postgresql@16 ;;\n  Linux) sudo apt-get install -y postgresql-client-16 ;;\nesac",
        "retry() { local n=0; until \"$@\"; do n=$((n+1)); [ $n -ge 5 ] && return 1; sleep 2; done; }\nretry curl -fsS http://localhost:8080/healthz",
        "changed=$(git diff --name-only origin/main...HEAD -- apps/web)\n[ -n \"$changed\" ] && (cd apps/web && pnpm test -- --run) || echo 'web unchanged'",
        "cat > /tmp/ledger.http <<'EOF'\nGET http://localhost:8080/v1/accounts\nAccept: application/json\nEOF\nhttpyac send /tmp/ledger.http",
        "docker compose -f docker-compose.yml -f docker-compose.ci.yml run --rm api go test ./...",
        "make -C services/ledger-rs clean all", "make migrate-status DB=ledger_dev", "bazel test //apps/api/... --test_output=errors",
        "earthly +test", "dagger call test --source=.", "buf lint && buf generate", "protoc --go_out=. --go-grpc_out=. proto/ledger/v1/*.proto",
        "openapi-generator-cli generate -i api/openapi.yaml -g typescript-fetch -o packages/sdk/src/gen",
        "hadolint apps/api/Dockerfile", "trivy image --severity HIGH,CRITICAL ledger-api:dev", "grype dir:. --only-fixed",
        "cosign verify ghcr.io/acme/ledger:2.4.0 --certificate-identity-regexp '.*' --certificate-oidc-issuer https://token.actions.githubusercontent.com",
        "syft ledger-api:dev -o spdx-json > /tmp/sbom.json", "conftest test infra/k8s/base --policy infra/policy",
        "checkov -d infra/terraform --quiet", "infracost breakdown --path infra/terraform", "kubectl -n ledger create job --from=cronjob/ledger-recon recon-manual-$(date +%s)",
        "stern -n ledger ledger-api --since 5m", "argocd app diff ledger-staging", "flux get kustomizations -A",
    ]:
        a(c, "CI job reproduced locally, build and ops tooling")
    # --- macOS and Windows cmd idioms
    for c in [
        "sw_vers && sysctl -n machdep.cpu.brand_string", "xcode-select -p", "security find-identity -v -p codesigning",
        "plutil -p ios/Ledger/Info.plist | head", "caffeinate -i make test", "log show --last 5m --predicate 'process == \"Ledger\"' | tail",
        "brew services restart postgresql@16", "codesign -dv --verbose=4 build/Ledger.app",
    ]:
        a(c, "macOS idioms")
    for c in [
        "cmd /c \"where node && node -v\"", "cmd /c dir /b /s *.csproj", "cmd /c \"set NODE_ENV=test&& npm test\"", "cmd /c type package.json",
        "Start-Process -FilePath dotnet -ArgumentList 'run','--project','src/Ledger.Api' -NoNewWindow -Wait",
    ]:
        a(c, "Windows cmd idioms", ps)
    # --- zsh / fish idioms run through bash -c or as plain commands
    for c in [
        "zsh -ic 'which pnpm'", "fish -c 'string join , a b c'", "zsh -c 'print -l apps/*(/)'",
        "fish -c 'for f in apps/*; echo $f; end'", "bash -lc 'pnpm -v'",
    ]:
        a(c, "zsh/fish idioms")
    # --- PowerShell and cmd
    p = lambda c, n="PowerShell": a(c, n, ps)
    for c in [
        "dotnet restore; dotnet build -c Release", "Get-ChildItem -Recurse -Filter *.csproj | Select-Object FullName",
        "Select-String -Path .\\src\\**\\*.cs -Pattern 'TODO' | Select-Object -First 20", "Get-Content .\\logs\\app.log -Tail 50 -Wait",
        "npm ci; if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }", "$env:NODE_ENV = 'test'; npm test", "Test-Path .\\node_modules",
        "Remove-Item -Recurse -Force .\\bin, .\\obj -ErrorAction SilentlyContinue", "New-Item -ItemType Directory -Force -Path .\\artifacts | Out-Null",
        "Compress-Archive -Path .\\dist\\* -DestinationPath .\\artifacts\\web.zip -Force", "Invoke-RestMethod http://localhost:5000/health | ConvertTo-Json",
        "Get-Process -Name dotnet | Stop-Process -Force", "winget install --id Git.Git -e --source winget", "choco upgrade nodejs-lts -y",
        "scoop install ripgrep", "wsl -l -v", "Get-Service -Name 'postgresql*'", "git status; git log -5 --oneline",
        "cmd /c \"npm run build && npm test\"", "& .\\scripts\\build.ps1 -Configuration Release", "Set-Location apps\\web; pnpm dev",
        "Get-ChildItem env: | Where-Object Name -like 'NODE*'", "Measure-Command { dotnet test } | Select-Object TotalSeconds",
        "Get-FileHash .\\dist\\ledger.msi -Algorithm SHA256", "Expand-Archive .\\tools.zip -DestinationPath .\\tools -Force",
        "robocopy .\\dist \\\\fileserver\\drops\\ledger /MIR /NFL /NDL", "Get-Volume | Format-Table -AutoSize",
    ]:
        p(c)
    # --- file tools on source files
    t = lambda tool, inp, n: out.append(((tool, inp), n, None))
    srcs = ["apps/web/src/app/page.tsx", "apps/web/next.config.mjs", "apps/api/internal/ledger/post.go", "apps/api/cmd/api/main.go",
            "services/billing/src/billing/refund.py", "services/billing/pyproject.toml", "services/ledger-rs/src/lib.rs",
            "services/ledger-rs/Cargo.toml", "infra/terraform/main.tf", "infra/k8s/base/deployment.yaml", "packages/ui/src/Button.tsx",
            "packages/sdk/src/client.ts", "Makefile", "docker-compose.yml", "apps/api/Dockerfile", "README.md", "turbo.json",
            "pnpm-workspace.yaml", "db/migrations/0042_add_refunds.sql", "infra/helm/ledger/values.yaml"]
    for s in srcs:
        t("Read", {"file_path": f"{P}/{s}"}, "Read a source file")
    for s in srcs[:8]:
        t("Read", {"file_path": f"{P}/{s}", "offset": 100, "limit": 80}, "Read with offset/limit")
    edits = [
        ("apps/api/internal/ledger/post.go", "return nil, err", "return nil, fmt.Errorf(\"post entry: %w\", err)"),
        ("apps/web/src/app/page.tsx", "<h1>Ledger</h1>", "<h1 className=\"text-2xl\">Ledger</h1>"),
        ("services/billing/src/billing/refund.py", "def refund(total, paid):", "def refund(total: int, paid: int) -> int:"),
        ("services/ledger-rs/src/lib.rs", "pub fn post(", "#[must_use]\npub fn post("),
        ("infra/terraform/main.tf", "instance_class = \"db.t3.micro\"", "instance_class = \"db.t4g.small\""),
        ("infra/k8s/base/deployment.yaml", "replicas: 2", "replicas: 3"),
        ("Makefile", "test:\n\tgo test ./...", "test:\n\tgo test -race ./..."),
        ("docker-compose.yml", "image: postgres:15", "image: postgres:16"),
        ("apps/api/Dockerfile", "FROM golang:1.22 AS build", "FROM golang:1.23 AS build"),
        ("packages/sdk/src/client.ts", "timeout: 5000", "timeout: 10_000"),
        ("README.md", "## Setup", "## Getting started"),
        ("turbo.json", "\"outputs\": [\"dist/**\"]", "\"outputs\": [\"dist/**\", \".next/**\"]"),
    ]
    for f, o, n in edits:
        t("Edit", {"file_path": f"{P}/{f}", "old_string": o, "new_string": n}, "Edit source")
    t("Edit", {"file_path": f"{P}/apps/web/src/lib/format.ts", "old_string": "toFixed(2)", "new_string": "toLocaleString('en-US', { minimumFractionDigits: 2 })", "replace_all": True}, "Edit replace_all")
    writes = [
        ("apps/api/internal/money/round.go", "package money\n\nimport \"math\"\n\n// RoundHalfEven rounds x to the nearest integer, ties to even.\nfunc RoundHalfEven(x float64) float64 { return math.RoundToEven(x) }\n"),
        ("services/billing/src/billing/fx.py", "from decimal import Decimal\n\n\ndef convert(amount: Decimal, rate: Decimal) -> Decimal:\n    return (amount * rate).quantize(Decimal('0.01'))\n"),
        ("packages/ui/src/Badge.tsx", "export function Badge({ children }: { children: React.ReactNode }) {\n  return <span className=\"badge\">{children}</span>;\n}\n"),
        ("infra/k8s/base/pdb.yaml", "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: ledger-api\nspec:\n  minAvailable: 1\n  selector:\n    matchLabels:\n      app: ledger-api\n"),
        ("infra/terraform/outputs.tf", "output \"db_endpoint\" {\n  value = aws_db_instance.ledger.endpoint\n}\n"),
        ("db/migrations/0043_refund_index.sql", "CREATE INDEX CONCURRENTLY IF NOT EXISTS refunds_invoice_idx ON refunds (invoice_id);\n"),
        ("docs/adr/0007-rounding.md", "# 7. Round half to even\n\nStatus: accepted\n"),
        ("services/ledger-rs/tests/post.rs", "#[test]\nfn posts_balanced_entry() {\n    assert!(ledger::post(&[100, -100]).is_ok());\n}\n"),
        ("apps/web/src/app/invoices/page.tsx", "export default function Invoices() {\n  return <main>Invoices</main>;\n}\n"),
        ("scripts/dev-reset.sh", "#!/usr/bin/env bash\nset -euo pipefail\ndocker compose down -v\ndocker compose up -d postgres\n"),
    ]
    for f, c in writes:
        t("Write", {"file_path": f"{P}/{f}", "content": c}, "Write a new source file")
    t("MultiEdit", {"file_path": f"{P}/apps/api/internal/ledger/post.go", "edits": [
        {"old_string": "func Post(", "new_string": "func Post(ctx context.Context, "},
        {"old_string": "import (", "new_string": "import (\n\t\"context\""}]}, "MultiEdit Go")
    t("MultiEdit", {"file_path": f"{P}/services/billing/pyproject.toml", "edits": [
        {"old_string": "requires-python = \">=3.11\"", "new_string": "requires-python = \">=3.12\""}]}, "MultiEdit pyproject")
    t("NotebookEdit", {"notebook_path": f"{P}/notebooks/recon.ipynb", "new_source": "df = pd.read_csv('fixtures/jan.csv')\ndf.groupby('account').amount.sum()", "cell_id": "c3"}, "NotebookEdit a cell")
    t("NotebookEdit", {"notebook_path": f"{P}/notebooks/recon.ipynb", "new_source": "## Reconciliation", "cell_type": "markdown", "edit_mode": "insert"}, "NotebookEdit insert markdown")
    for g in [
        {"pattern": "func Post", "path": f"{P}/apps/api", "output_mode": "content", "-n": True},
        {"pattern": "useLedger", "glob": "**/*.tsx", "output_mode": "files_with_matches"},
        {"pattern": "TODO\\(kim\\)", "output_mode": "count"},
        {"pattern": "class .*Refund", "type": "py", "-C": 2, "output_mode": "content"},
        {"pattern": "resource \"aws_", "path": f"{P}/infra/terraform", "head_limit": 30},
        {"pattern": "impl.*Display", "type": "rust", "multiline": True},
        {"pattern": "process\\.env\\.", "path": f"{P}/apps/web/src", "output_mode": "content", "-i": False},
    ]:
        t("Grep", g, "Grep the project")
    for g in [{"pattern": "**/*.go", "path": f"{P}/apps/api"}, {"pattern": "apps/*/package.json"}, {"pattern": "**/*.test.ts"},
              {"pattern": "**/Dockerfile*"}, {"pattern": "db/migrations/*.sql"}, {"pattern": "**/*.tf", "path": f"{P}/infra"}]:
        t("Glob", g, "Glob the project")
    return out


def near():
    out = []

    def n(cls):
        return lambda c, note, t=bash: out.append((t(c), note, cls))

    a = n("recursive-delete")
    for c, note in [
        ("rm -rf dist .next .turbo coverage", "build output"), ("rm -rf node_modules apps/*/node_modules packages/*/node_modules", "monorepo node_modules"),
        ("rm -rf ./target", "cargo target"), ("rm -rf ~/.cache/pip ~/.cache/pypoetry", "caches under home (documented allowed)"),
        ("rm -rf ~/.npm/_cacache", "npm cache"), ("rm -rf ~/go/pkg/mod/cache/download", "go module download cache"),
        ("rm -rf ~/Library/Developer/Xcode/DerivedData/*", "Xcode DerivedData"), ("rm -rf ~/.gradle/caches/transforms-3", "gradle cache"),
        ("sudo rm -rf /var/lib/apt/lists/*", "Dockerfile apt cleanup (documented allowed)"), ("sudo rm -rf /usr/local/go && sudo tar -C /usr/local -xzf go1.23.4.linux-amd64.tar.gz", "official Go install line: inside /usr"),
        ("rm -rf /tmp/ledger-*", "tmp files"), ("rm -rf \"$TMPDIR\"/ledger-build", "TMPDIR subdir"), ("rm -rf ~/src/ledger/apps/web/.next", "project dist under home"),
        ("rm -rf \"${BUILD_DIR:?}\"/*", "guarded variable (docs: unknown, never empty)"), ("find . -name __pycache__ -type d -prune -exec rm -rf {} +", "pycache under project"),
        ("git clean -fdX apps/web", "git clean of a project subdir"), ("docker compose down -v && rm -rf .data/postgres", "local db volume dir"),
        ("rm -rf ../ledger-hotfix && git worktree prune", "a sibling worktree (not home: ../ is ~/src)"), ("cd /tmp && rm -rf build-cache", "cd /tmp then delete"),
        ("echo 'never run rm -rf ~' >> docs/onboarding.md", "mention in docs"), ("git commit -m 'ci: stop using rm -rf / in cleanup step'", "mention in a commit message"),
        ("rg -n 'rm -rf /' scripts/", "grep pattern"), ("rm -rf -- ./-weird-dir", "leading-dash dir in project"),
        ("sudo rm -rf /var/log/ledger/*.gz", "old logs inside /var"), ("sudo rm -rf /opt/ledger/releases/2023*", "old releases inside /opt"),
    ]:
        a(c, note)
    a("Remove-Item -Recurse -Force node_modules, dist", "PowerShell project dirs", ps)
    a("Remove-Item -Recurse -Force $env:TEMP\\ledger-*", "PowerShell temp", ps)
    a("cmd /c rd /s /q .\\bin", "cmd rd of project bin", ps)
    a("Remove-Item \"$HOME\\AppData\\Local\\Temp\\npm-*\" -Recurse -Force", "inside home", ps)
    a = n("download-to-shell")
    for c, note in [
        ("curl -fsSLo /tmp/install.sh https://get.pnpm.io/install.sh && sh /tmp/install.sh", "download to a file, then run it (documented allowed)"),
        ("curl -fsSL https://sh.rustup.rs -o rustup-init.sh && less rustup-init.sh", "save and read"),
        ("wget -q https://github.com/cli/cli/releases/download/v2.62.0/gh_2.62.0_linux_amd64.tar.gz -O - | tar xz -C /tmp", "tarball into tar"),
        ("curl -fsSL https://packages.cloud.google.com/apt/doc/apt-key.gpg | sudo gpg --dearmor -o /usr/share/keyrings/cloud.google.gpg", "apt key into gpg"),
        ("curl -s https://api.github.com/repos/acme/ledger/actions/runs | jq '.workflow_runs[0].status'", "API into jq"),
        ("curl -sSL https://get.docker.com | shellcheck -", "lint an installer without running it"),
        ("curl -fsSL https://bun.sh/install | sha256sum", "checksum a download"),
        ("curl -s http://localhost:8080/metrics | grep ledger_", "local metrics into grep"),
        ("curl -s https://pypi.org/pypi/httpx/json | python3 -c 'import json,sys; print(json.load(sys.stdin)[\"info\"][\"version\"])'", "python parses JSON from stdin"),
        ("echo 'curl -fsSL https://example.org/i.sh | sh' > docs/never.txt", "mention written to a file"),
        ("git commit -m 'docs: explain why we avoid curl | bash installers'", "commit message mention"),
        ("bash scripts/bootstrap.sh", "run a local script"), ("bash <(cat scripts/local.sh)", "process substitution of a local file"),
        ("eval \"$(fnm env --use-on-cd)\"", "local tool setup"), ("eval \"$(zoxide init bash)\"", "local tool setup"),
        ("source <(helm completion bash)", "completion generator"),
        ("curl -fsSL https://deb.nodesource.com/gpgkey/nodesource-repo.gpg.key | sudo gpg --dearmor -o /etc/apt/keyrings/nodesource.gpg", "NodeSource key into gpg"),
        ("curl -sL https://github.com/acme/ledger/releases/download/v2.4.0/ledger_linux_amd64.tar.gz | tar -xz ledger && ./ledger --version", "tarball then run the binary from the file"),
        ("wget -qO- https://example.org/schema.json | jq -S . > schema.json", "download to jq to file"),
        ("curl -fsSL https://get.helm.sh/helm-v3.16.2-linux-amd64.tar.gz | tar -zxvf - linux-amd64/helm", "helm tarball"),
    ]:
        a(c, note)
    a("Invoke-WebRequest https://get.scoop.sh -OutFile install.ps1; Get-Content install.ps1 | Select-Object -First 20", "PowerShell download then read", ps)
    a("irm https://api.github.com/repos/acme/ledger/releases/latest | Select-Object tag_name", "irm into Select-Object", ps)
    a("Invoke-WebRequest -Uri https://dot.net/v1/dotnet-install.ps1 -OutFile dotnet-install.ps1; ./dotnet-install.ps1 -Channel 8.0", "download to file then run (allowed)", ps)
    a = n("force-push")
    for c, note in [
        ("git fetch --force origin 'refs/tags/*:refs/tags/*'", "forced fetch of tags"), ("git fetch origin +refs/pull/412/head:pr-412", "+refspec on fetch"),
        ("git branch -f release origin/release", "local branch -f"), ("git tag -f nightly HEAD", "local tag -f"), ("git add -f dist/.gitkeep", "add -f"),
        ("git checkout -B kim/force-layout origin/main", "branch name containing force"), ("git push origin kim/force-refresh", "plain push of a branch named force"),
        ("git push -u origin feat/delete-old-accounts", "plain push of a branch named delete"), ("git push origin HEAD:refs/heads/kim/tmp", "explicit refspec without +"),
        ("git commit -m 'revert the accidental push --force from friday'", "commit message"), ("git config --global alias.pushf 'push --force-with-lease'", "defining an alias (not running it)"),
        ("git reset --hard origin/main", "local reset"), ("git push --dry-run origin main", "dry-run plain push"), ("git remote prune origin", "prune local tracking refs, not a push"),
        ("git fetch --prune --prune-tags", "fetch prune"), ("git branch -d kim/merged-spike", "delete a local branch"), ("git branch -D kim/abandoned", "force-delete a local branch"),
        ("git stash push -- apps/web", "stash push"), ("git submodule foreach git pull --ff-only", "submodule pull"),
        ("echo 'use git push --force-with-lease, never --force' >> CONTRIBUTING.md", "mention in docs"),
    ]:
        a(c, note)
    a("git push origin main; if ($LASTEXITCODE) { Write-Error 'push failed' }", "PowerShell plain push", ps)
    a = n("disk")
    for c, note in [
        ("lsblk -f", "listing"), ("sudo fdisk -l /dev/sda", "listing"), ("sudo parted -l", "listing"), ("sudo blkid", "listing"), ("sudo smartctl -a /dev/nvme0n1", "SMART read"),
        ("diskutil list external", "macOS listing"), ("sudo dd if=/dev/sdb of=~/backups/usb.img bs=4M status=progress", "imaging a device into a file"),
        ("dd if=/dev/zero of=./disk.img bs=1M count=512", "image file"), ("mkfs.ext4 -F ./build/rootfs.img", "mkfs on an image file"),
        ("truncate -s 2G build/disk.img && qemu-img info build/disk.img", "image file"), ("qemu-img create -f qcow2 vm.qcow2 20G", "qcow2"),
        ("echo ok > /dev/null", "/dev/null"), ("exec 3>/dev/tcp/localhost/5432 && echo open", "/dev/tcp probe"),
        ("df -h && free -m", "usage"), ("sudo nvme list", "nvme listing"), ("sudo wipefs /dev/sdb", "wipefs without -a only lists"),
        ("mkfs.ext4 --help", "help flag"), ("dd --version", "version flag"), ("sudo hdparm -I /dev/sda | head", "hdparm info"),
        ("sudo mount /dev/sdb1 /mnt/usb", "mount reads"), ("mkswap --version", "version"), ("git commit -m 'docs: warn about dd of=/dev/sda'", "commit mention"),
    ]:
        a(c, note)
    a("Get-Disk | Format-Table Number, FriendlyName, Size", "Get-Disk + Format-Table", ps)
    a("Get-PhysicalDisk | Format-List *", "Format-List", ps)
    a("Get-Partition -DiskNumber 0", "listing partitions", ps)
    a = n("permissions")
    for c, note in [
        ("chmod -R 777 storage bootstrap/cache", "Laravel storage (documented allowed)"), ("chmod -R 755 ./public", "project public"), ("chmod +x scripts/*.sh", "+x scripts"),
        ("chmod 666 /dev/ttyUSB0", "device (documented allowed)"), ("sudo chown -R $(whoami) ~/.npm", "inside home"), ("chown -R kim:kim ./data", "project data"),
        ("chmod 600 ~/.ssh/config", "tightening an SSH file"), ("chmod 700 ~/.ssh", "tightening ~/.ssh"), ("chmod go-w ~", "removing write from home, not recursive"),
        ("chmod -R u+w node_modules", "node_modules"), ("find . -type f -name '*.sh' -exec chmod +x {} +", "find -exec chmod inside project"),
        ("sudo chown -R www-data:www-data /var/www/ledger", ""), ("setfacl -R -m u:kim:rwX ./var/log", "setfacl in project"),
        ("chmod 644 infra/k8s/base/*.yaml", "project yaml"), ("ls -la /etc/passwd && stat -c %a /etc/passwd", "read-only stat"),
        ("sudo chmod 755 /usr/local/bin/ledger", "installing one binary, not world-writable"), ("chmod -R g+w ~/src/ledger/.cache", "project cache under home"),
        ("docker run --rm -v \"$PWD\":/w alpine chown -R 1000:1000 /w/out", "container chown of mounted project dir"),
    ]:
        if note:
            a(c, note)
    a("icacls .\\logs /grant Users:M /T", "icacls on project logs", ps)
    a("icacls C:\\Windows\\System32\\drivers\\etc\\hosts", "read-only icacls", ps)
    a("Get-Acl C:\\Windows | Format-List", "Get-Acl", ps)
    a = n("secret-files")
    for c, note in [
        ("cp .env.example .env.example.bak", "example file"), ("cat .env.example", ".env.example (documented allowed)"), ("diff .env.example apps/api/.env.sample", "example vs sample"),
        ("test -f .env && echo present", "existence check"), ("ls -la .env*", "listing names"),         ("openssl x509 -in certs/server.pem -noout -subject -dates", "certificate tool on a .pem (documented allowed)"),
        ("cat certs/ca-bundle.crt", ".crt (documented allowed)"), ("cat ~/.ssh/id_ed25519.pub", "public key"), ("cat ~/.ssh/known_hosts | wc -l", "known_hosts"),
        ("cat ~/.ssh/config", "ssh config (documented allowed)"), ("ssh-keygen -lf ~/.ssh/id_ed25519.pub", "fingerprint of a public key"),
        ("echo '.env*' >> .gitignore && echo '!.env.example' >> .gitignore", "gitignore"), ("gitleaks detect --source . --no-banner", "secret scanner over the repo"),
        ("trufflehog filesystem . --only-verified", "scanner"), ("grep -rn 'process.env' apps/web/src", "source mentioning env"),
        ("cat apps/web/src/env.ts", "source named env"), ("cat packages/config/keys.ts", "source named keys"),
        ("sha256sum .env", "checksum of .env prints only a digest (documented)"), ("wc -l .env", "count only (documented)"),
        ("cat ~/.aws/config", ""), ("git check-ignore -v .env", "check-ignore"),
    ]:
        if note:
            a(c, note)
    a("Test-Path .env", "PowerShell existence", ps)
    a("Get-Content .env.example", "PowerShell example", ps)
    t = lambda tool, inp, note: out.append(((tool, inp), note, "secret-files"))
    t("Read", {"file_path": f"{P}/.env.example"}, "Read .env.example")
    t("Read", {"file_path": f"{P}/apps/api/.env.sample"}, "Read .env.sample")
    t("Read", {"file_path": f"{P}/certs/ca.crt"}, "Read .crt")
    t("Read", {"file_path": f"{H}/.ssh/id_ed25519.pub"}, "Read public key")
    t("Read", {"file_path": f"{H}/.ssh/config"}, "Read ssh config")
    t("Read", {"file_path": f"{P}/apps/web/src/env.mjs"}, "Read env.mjs source")
    t("Edit", {"file_path": f"{P}/.env.example", "old_string": "PORT=3000", "new_string": "PORT=3000\nLOG_LEVEL=info"}, "Edit .env.example")
    t("Write", {"file_path": f"{P}/.env.template", "content": "DATABASE_URL=\nREDIS_URL=\n"}, "Write .env.template")
    t("Grep", {"pattern": "DATABASE_URL", "path": f"{P}/.env.example", "output_mode": "content"}, "Grep .env.example")
    t("Glob", {"pattern": "**/.env*"}, "Glob names in the project")
    t("Read", {"file_path": f"{H}/.ssh/known_hosts"}, "Read known_hosts")
    a = n("ci-edit")
    for c, note in [
        ("cat .github/workflows/ci.yml", "read"), ("actionlint .github/workflows/*.yml", "lint"), ("yq '.jobs | keys' .github/workflows/ci.yml", "yq without -i"),
        ("cp .github/workflows/ci.yml /tmp/ci.yml.bak", "copy out"), ("gh workflow run nightly.yml", "dispatch"), ("gh run rerun 1234567 --failed", "rerun"),
        ("act -j test --dryrun", "local runner dry run"), ("circleci config validate", "validate"), ("gitlab-ci-local --list", "list jobs"),
        ("git log --oneline -- .github/workflows", "history"), ("git diff origin/main -- .gitlab-ci.yml", "diff"), ("yamllint .woodpecker.yml", "lint Woodpecker"),
        ("echo '## CI' >> docs/ci.md", "docs about CI"), ("git commit -m 'ci: bump checkout to v4 in .github/workflows/ci.yml'", "commit message"),
    ]:
        a(c, note)
    t = lambda tool, inp, note: out.append(((tool, inp), note, "ci-edit"))
    t("Read", {"file_path": f"{P}/.github/workflows/ci.yml"}, "Read workflow")
    t("Grep", {"pattern": "runs-on", "path": f"{P}/.github/workflows", "output_mode": "content"}, "Grep workflows")
    t("Glob", {"pattern": ".github/workflows/*.yml"}, "Glob workflows")
    t("Edit", {"file_path": f"{P}/.github/pull_request_template.md", "old_string": "## Summary", "new_string": "## What and why"}, "PR template is not CI")
    t("Write", {"file_path": f"{P}/.github/ISSUE_TEMPLATE/bug.yml", "content": "name: Bug\ndescription: Report a bug\nbody: []\n"}, "issue template is not CI")
    t("Write", {"file_path": f"{P}/ci/README.md", "content": "# CI\n\nSee the workflows.\n"}, "ci/README")
    t("Read", {"file_path": f"{P}/Jenkinsfile"}, "Read Jenkinsfile")
    return out


def all_cases():
    return [("everyday", t, i, n, None) for (t, i), n, _ in everyday()] + [("near", t, i, n, c) for (t, i), n, c in near()]
