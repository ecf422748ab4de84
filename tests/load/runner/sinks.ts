/** The four k6 metric types and how k6 aggregates each (see k6's metrics/sink.go). */
export type MetricType = 'counter' | 'gauge' | 'rate' | 'trend';
export type ValueType = 'default' | 'time' | 'data';

export interface Sink {
  add(value: number): void;
  readonly count: number;
  /** The aggregates a threshold or the summary can name (k6's `Format`). */
  values(elapsedMs: number): Record<string, number>;
}

export class CounterSink implements Sink {
  sum = 0;
  count = 0;
  add(value: number): void {
    this.sum += value;
    this.count += 1;
  }
  values(elapsedMs: number): Record<string, number> {
    return { count: this.sum, rate: elapsedMs > 0 ? this.sum / (elapsedMs / 1000) : 0 };
  }
}

export class GaugeSink implements Sink {
  last = 0;
  min = Infinity;
  max = -Infinity;
  count = 0;
  add(value: number): void {
    this.last = value;
    this.min = Math.min(this.min, value);
    this.max = Math.max(this.max, value);
    this.count += 1;
  }
  values(): Record<string, number> {
    return { value: this.last, min: this.count ? this.min : 0, max: this.count ? this.max : 0 };
  }
}

/** A Rate counts how many added values are non-zero. */
export class RateSink implements Sink {
  trues = 0;
  count = 0;
  add(value: number): void {
    if (value !== 0) this.trues += 1;
    this.count += 1;
  }
  values(): Record<string, number> {
    return {
      rate: this.count ? this.trues / this.count : 0,
      passes: this.trues,
      fails: this.count - this.trues,
    };
  }
}

export class TrendSink implements Sink {
  private samples: number[] = [];
  private sorted = true;
  private sum = 0;
  get count(): number {
    return this.samples.length;
  }
  add(value: number): void {
    if (this.samples.length && value < this.samples[this.samples.length - 1]!) this.sorted = false;
    this.samples.push(value);
    this.sum += value;
  }
  /**
   * k6's percentile: linear interpolation between the two closest ranks, on rank pct × (n − 1);
   * one value is its own every percentile, none gives 0.
   */
  percentile(pct: number): number {
    const n = this.samples.length;
    if (n === 0) return 0;
    if (!this.sorted) {
      this.samples.sort((a, b) => a - b);
      this.sorted = true;
    }
    if (n === 1) return this.samples[0]!;
    const rank = (pct / 100) * (n - 1);
    const low = this.samples[Math.floor(rank)]!;
    const high = this.samples[Math.ceil(rank)]!;
    return low + (high - low) * (rank - Math.floor(rank));
  }
  values(): Record<string, number> {
    const n = this.samples.length;
    const out: Record<string, number> = {
      avg: n ? this.sum / n : 0,
      min: n ? this.percentile(0) : 0,
      med: this.percentile(50),
      max: n ? this.percentile(100) : 0,
      count: n,
    };
    for (const p of [90, 95, 99]) out[`p(${p})`] = this.percentile(p);
    return out;
  }
}

export function newSink(type: MetricType): Sink {
  switch (type) {
    case 'counter':
      return new CounterSink();
    case 'gauge':
      return new GaugeSink();
    case 'rate':
      return new RateSink();
    case 'trend':
      return new TrendSink();
  }
}
