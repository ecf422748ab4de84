/** `k6/metrics`: custom Counter, Gauge, Rate and Trend, tagged like built-in samples. */
import { currentVu } from '../context.js';
import { registry, type Tags } from '../registry.js';
import type { MetricType } from '../sinks.js';

class CustomMetric {
  constructor(
    readonly name: string,
    type: MetricType,
    isTime = false,
  ) {
    registry.define(name, type, isTime ? 'time' : 'default');
  }

  add(value: number | boolean, tags: Tags = {}): void {
    const ctx = currentVu();
    const number = typeof value === 'boolean' ? Number(value) : Number(value);
    if (!Number.isFinite(number)) throw new Error(`${this.name}: ${String(value)} is not a number`);
    registry.add(this.name, number, { group: ctx.group, scenario: ctx.scenario, ...tags });
  }
}

export class Counter extends CustomMetric {
  constructor(name: string) {
    super(name, 'counter');
  }
}

export class Gauge extends CustomMetric {
  constructor(name: string, isTime = false) {
    super(name, 'gauge', isTime);
  }
}

export class Rate extends CustomMetric {
  constructor(name: string) {
    super(name, 'rate');
  }
}

export class Trend extends CustomMetric {
  constructor(name: string, isTime = false) {
    super(name, 'trend', isTime);
  }
}
