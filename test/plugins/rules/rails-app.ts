/**
 * A small Rails application (adr-tools records in doc/adr): snake_case Ruby
 * under app/ and lib/, specs, a migration, and two planted slips: a model file
 * named in Pascal case (PLANTED_RUBY_NAME) and an `eval` of request input
 * (PLANTED_RUBY_EVAL, line PLANTED_RUBY_EVAL_LINE).
 */
import type { Tree } from '../project/fixtures.js';

export const PLANTED_RUBY_NAME = 'app/models/LineItem.rb';
export const PLANTED_RUBY_EVAL = 'app/controllers/reports_controller.rb';
export const PLANTED_RUBY_EVAL_LINE = 4;

const model = (name: string, body = '') => `class ${name} < ApplicationRecord\n${body}end\n`;
const controller = (name: string) => `class ${name} < ApplicationController\n  def index\n    render json: []\n  end\nend\n`;

export function railsApp(): Tree {
  return {
    Gemfile: "source 'https://rubygems.org'\n\ngem 'rails', '~> 7.1'\ngem 'pg'\ngem 'sidekiq'\n\ngroup :test do\n  gem 'rspec-rails'\nend\n",
    'Gemfile.lock': 'GEM\n  remote: https://rubygems.org/\n  specs:\n    rails (7.1.3)\n',
    '.rspec': '--require spec_helper\n',
    Rakefile: "require_relative 'config/application'\n\nRails.application.load_tasks\n",
    'config.ru': "require_relative 'config/environment'\n\nrun Rails.application\n",
    'config/application.rb': "require_relative 'boot'\nrequire 'rails/all'\n\nmodule Shop\n  class Application < Rails::Application\n    config.load_defaults 7.1\n  end\nend\n",
    'config/routes.rb': 'Rails.application.routes.draw do\n  resources :orders\n  resources :reports, only: :index\nend\n',
    'config/environments/production.rb': 'Rails.application.configure do\n  config.eager_load = true\nend\n',
    'app/models/application_record.rb': 'class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n',
    'app/models/order.rb': model('Order', '  has_many :line_items\n'),
    'app/models/order_item.rb': model('OrderItem'),
    'app/models/user_account.rb': model('UserAccount'),
    [PLANTED_RUBY_NAME]: model('LineItem', '  belongs_to :order\n'),
    'app/controllers/application_controller.rb': 'class ApplicationController < ActionController::Base\nend\n',
    'app/controllers/orders_controller.rb': controller('OrdersController'),
    'app/controllers/user_accounts_controller.rb': controller('UserAccountsController'),
    [PLANTED_RUBY_EVAL]: 'class ReportsController < ApplicationController\n  def index\n    # Planted: evaluates request input.\n    total = eval(params[:formula])\n    render json: { total: total }\n  end\nend\n',
    'app/jobs/send_receipt_job.rb': 'class SendReceiptJob\n  include Sidekiq::Job\n\n  def perform(order_id)\n    Order.find(order_id)\n  end\nend\n',
    'app/services/payment_gateway.rb': "class PaymentGateway\n  def charge(order)\n    Rails.logger.info(\"charging \#{order.id}\")\n  end\nend\n",
    'lib/tasks/cleanup_orders.rake': "task cleanup_orders: :environment do\n  Order.where(state: 'stale').delete_all\nend\n",
    'lib/price_rounding.rb': 'module PriceRounding\n  def self.round(value) = value.round(2)\nend\n',
    'db/migrate/20240105120000_create_orders.rb': 'class CreateOrders < ActiveRecord::Migration[7.1]\n  def change\n    create_table :orders, &:timestamps\n  end\nend\n',
    'spec/models/order_spec.rb': "require 'rails_helper'\n\nRSpec.describe Order do\n  it { is_expected.to have_many(:line_items) }\nend\n",
    'spec/rails_helper.rb': "require 'spec_helper'\n",
    'spec/spec_helper.rb': 'RSpec.configure { |config| config.order = :random }\n',
    'doc/adr/0001-record-architecture-decisions.md': '# 1. Record architecture decisions\n\nDate: 2024-01-05\n\n## Status\n\nAccepted\n\n## Context\n\nWe need to record the architectural decisions made on this project.\n\n## Decision\n\nWe will use Architecture Decision Records, as described by Michael Nygard.\n\n## Consequences\n\nSee Michael Nygard\'s article.\n',
  };
}
