/**
 * Realistic small projects written into a test workspace: two Python services, two JavaScript
 * front ends and a Go CLI, each with its manifest and a few real source files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

type Tree = Record<string, string>;

export const PROJECTS: Record<string, Tree> = {
  'services/orders-api': {
    'pyproject.toml': `[project]
name = "orders-api"
version = "0.3.0"
requires-python = ">=3.11"
dependencies = [
  "fastapi>=0.110",
  "uvicorn[standard]>=0.29",
  "sqlalchemy>=2.0",
  "pydantic>=2.6",
  "alembic>=1.13",
  "python-dotenv>=1.0",
]

[project.optional-dependencies]
dev = ["pytest>=8", "httpx>=0.27"]
`,
    'README.md': '# Orders API\n\nFastAPI service storing orders in PostgreSQL through SQLAlchemy.\n\n## Running\n\n```sh\nuvicorn orders.main:app --reload\n```\n',
    'orders/__init__.py': '',
    'orders/main.py': `from fastapi import FastAPI, HTTPException, Depends
from sqlalchemy.orm import Session

from .db import get_session
from .models import Order
from .schemas import OrderIn, OrderOut

app = FastAPI(title="Orders API")


@app.post("/orders", response_model=OrderOut, status_code=201)
def create_order(order: OrderIn, session: Session = Depends(get_session)) -> Order:
    row = Order(customer_id=order.customer_id, total_cents=order.total_cents)
    session.add(row)
    session.commit()
    session.refresh(row)
    return row


@app.get("/orders/{order_id}", response_model=OrderOut)
def read_order(order_id: int, session: Session = Depends(get_session)) -> Order:
    row = session.get(Order, order_id)
    if row is None:
        raise HTTPException(status_code=404, detail="order not found")
    return row
`,
    'orders/models.py': `from sqlalchemy import Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class Order(Base):
    __tablename__ = "orders"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    customer_id: Mapped[str] = mapped_column(String(64), index=True)
    total_cents: Mapped[int] = mapped_column(Integer)
`,
    'orders/db.py': `import os
from sqlalchemy import create_engine
from sqlalchemy.orm import sessionmaker

engine = create_engine(os.environ.get("DATABASE_URL", "sqlite:///orders.db"))
SessionLocal = sessionmaker(bind=engine)


def get_session():
    session = SessionLocal()
    try:
        yield session
    finally:
        session.close()
`,
    'orders/schemas.py': `from pydantic import BaseModel


class OrderIn(BaseModel):
    customer_id: str
    total_cents: int


class OrderOut(OrderIn):
    id: int

    model_config = {"from_attributes": True}
`,
    'tests/test_orders.py': `from fastapi.testclient import TestClient
from orders.main import app


def test_missing_order_is_404():
    client = TestClient(app)
    assert client.get("/orders/999").status_code == 404
`,
  },
  'services/billing': {
    'requirements.txt': 'Flask==3.0.2\npsycopg[binary]==3.1.18\nSQLAlchemy==2.0.28\ngunicorn==21.2.0\npython-dotenv==1.0.1\n',
    'pyproject.toml': `[project]
name = "billing"
version = "1.2.0"
requires-python = ">=3.10"
dependencies = ["flask>=3.0", "psycopg[binary]>=3.1", "sqlalchemy>=2.0", "gunicorn>=21", "python-dotenv>=1.0"]

[project.optional-dependencies]
dev = ["pytest>=8"]
`,
    'README.md': '# Billing\n\nFlask service issuing invoices, backed by PostgreSQL via psycopg.\n',
    'billing/__init__.py': `from flask import Flask

from .routes import bp


def create_app() -> Flask:
    app = Flask(__name__)
    app.register_blueprint(bp)
    return app
`,
    'billing/routes.py': `from flask import Blueprint, jsonify, request

from .repository import InvoiceRepository

bp = Blueprint("invoices", __name__)
repo = InvoiceRepository()


@bp.post("/invoices")
def create_invoice():
    payload = request.get_json(force=True)
    invoice_id = repo.create(payload["customer_id"], int(payload["amount_cents"]))
    return jsonify({"id": invoice_id}), 201


@bp.get("/invoices/<int:invoice_id>")
def get_invoice(invoice_id: int):
    invoice = repo.get(invoice_id)
    return (jsonify(invoice), 200) if invoice else (jsonify({"error": "not found"}), 404)
`,
    'billing/repository.py': `import os

import psycopg


class InvoiceRepository:
    def __init__(self, dsn: str | None = None) -> None:
        self.dsn = dsn or os.environ.get("DATABASE_URL", "postgresql://localhost/billing")

    def create(self, customer_id: str, amount_cents: int) -> int:
        with psycopg.connect(self.dsn) as conn:
            row = conn.execute(
                "INSERT INTO invoices (customer_id, amount_cents) VALUES (%s, %s) RETURNING id",
                (customer_id, amount_cents),
            ).fetchone()
            return row[0]

    def get(self, invoice_id: int) -> dict | None:
        with psycopg.connect(self.dsn) as conn:
            row = conn.execute("SELECT id, customer_id, amount_cents FROM invoices WHERE id = %s", (invoice_id,)).fetchone()
            return None if row is None else {"id": row[0], "customer_id": row[1], "amount_cents": row[2]}
`,
    'wsgi.py': 'from billing import create_app\n\napp = create_app()\n',
    'tests/test_routes.py': `from billing import create_app


def test_app_has_invoice_routes():
    rules = {r.rule for r in create_app().url_map.iter_rules()}
    assert "/invoices" in rules
`,
  },
  'web/storefront': {
    'package.json': JSON.stringify(
      {
        name: 'storefront',
        private: true,
        version: '0.1.0',
        type: 'module',
        scripts: { dev: 'vite', build: 'tsc -b && vite build', preview: 'vite preview' },
        dependencies: { react: '^18.2.0', 'react-dom': '^18.2.0', 'react-router-dom': '^6.22.0', '@tanstack/react-query': '^5.28.0' },
        devDependencies: { vite: '^5.2.0', '@vitejs/plugin-react': '^4.2.1', typescript: '^5.4.0', '@types/react': '^18.2.66', '@types/react-dom': '^18.2.22' },
      },
      null,
      2,
    ),
    'index.html': '<!doctype html>\n<html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n',
    'vite.config.ts': "import { defineConfig } from 'vite';\nimport react from '@vitejs/plugin-react';\n\nexport default defineConfig({ plugins: [react()] });\n",
    'tsconfig.json': '{ "compilerOptions": { "jsx": "react-jsx", "strict": true, "module": "ESNext", "moduleResolution": "bundler" }, "include": ["src"] }\n',
    'src/main.tsx': "import React from 'react';\nimport ReactDOM from 'react-dom/client';\nimport { App } from './App';\n\nReactDOM.createRoot(document.getElementById('root')!).render(<App />);\n",
    'src/App.tsx': "import { BrowserRouter, Route, Routes } from 'react-router-dom';\nimport { ProductList } from './components/ProductList';\n\nexport function App() {\n  return (\n    <BrowserRouter>\n      <Routes>\n        <Route path=\"/\" element={<ProductList />} />\n      </Routes>\n    </BrowserRouter>\n  );\n}\n",
    'src/components/ProductList.tsx': "import { useQuery } from '@tanstack/react-query';\n\nexport function ProductList() {\n  const { data = [] } = useQuery({ queryKey: ['products'], queryFn: () => fetch('/api/products').then((r) => r.json()) });\n  return <ul>{data.map((p: { id: string; name: string }) => <li key={p.id}>{p.name}</li>)}</ul>;\n}\n",
    'README.md': '# Storefront\n\nReact + Vite shop front end.\n',
  },
  'web/admin': {
    'package.json': JSON.stringify(
      {
        name: 'admin',
        private: true,
        version: '0.4.2',
        type: 'module',
        scripts: { dev: 'vite', build: 'vite build' },
        dependencies: { vue: '^3.4.21', 'vue-router': '^4.3.0', pinia: '^2.1.7', axios: '^1.6.8' },
        devDependencies: { vite: '^5.2.0', '@vitejs/plugin-vue': '^5.0.4' },
      },
      null,
      2,
    ),
    'index.html': '<!doctype html>\n<html><body><div id="app"></div><script type="module" src="/src/main.js"></script></body></html>\n',
    'vite.config.js': "import { defineConfig } from 'vite';\nimport vue from '@vitejs/plugin-vue';\n\nexport default defineConfig({ plugins: [vue()] });\n",
    'src/main.js': "import { createApp } from 'vue';\nimport { createPinia } from 'pinia';\nimport App from './App.vue';\nimport router from './router.js';\n\ncreateApp(App).use(createPinia()).use(router).mount('#app');\n",
    'src/router.js': "import { createRouter, createWebHistory } from 'vue-router';\nimport Orders from './views/Orders.vue';\n\nexport default createRouter({ history: createWebHistory(), routes: [{ path: '/', component: Orders }] });\n",
    'src/App.vue': '<template>\n  <main><router-view /></main>\n</template>\n',
    'src/views/Orders.vue': "<script setup>\nimport axios from 'axios';\nimport { ref, onMounted } from 'vue';\nconst orders = ref([]);\nonMounted(async () => { orders.value = (await axios.get('/api/orders')).data; });\n</script>\n<template>\n  <ul><li v-for=\"o in orders\" :key=\"o.id\">{{ o.id }}</li></ul>\n</template>\n",
    'README.md': '# Admin\n\nVue 3 back-office.\n',
  },
  'tools/deployctl': {
    'go.mod': 'module github.com/example/deployctl\n\ngo 1.22\n\nrequire (\n\tgithub.com/spf13/cobra v1.8.0\n\tgithub.com/spf13/viper v1.18.2\n)\n',
    'main.go': 'package main\n\nimport "github.com/example/deployctl/cmd"\n\nfunc main() {\n\tcmd.Execute()\n}\n',
    'cmd/root.go': `package cmd

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

var rootCmd = &cobra.Command{
	Use:   "deployctl",
	Short: "Deploy services to the staging cluster",
}

func Execute() {
	if err := rootCmd.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
`,
    'cmd/deploy.go': `package cmd

import (
	"fmt"

	"github.com/spf13/cobra"
)

var deployCmd = &cobra.Command{
	Use:   "deploy [service]",
	Short: "Deploy one service",
	Args:  cobra.ExactArgs(1),
	RunE: func(cmd *cobra.Command, args []string) error {
		fmt.Printf("deploying %s\\n", args[0])
		return nil
	},
}

func init() {
	rootCmd.AddCommand(deployCmd)
}
`,
    'cmd/deploy_test.go': 'package cmd\n\nimport "testing"\n\nfunc TestDeployNeedsAService(t *testing.T) {\n\tif err := deployCmd.Args(deployCmd, nil); err == nil {\n\t\tt.Fatal("expected an error without a service")\n\t}\n}\n',
    'README.md': '# deployctl\n\nA small Cobra CLI.\n',
  },
};

export function writeProjects(workspace: string): string[] {
  for (const [project, tree] of Object.entries(PROJECTS)) {
    for (const [file, text] of Object.entries(tree)) {
      const path = join(workspace, project, file);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
  }
  return Object.keys(PROJECTS);
}
