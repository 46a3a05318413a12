import type { CustomLayerInterface, CustomRenderMethodInput, Map as MapLibre } from 'maplibre-gl';
import {
  GL_STRIDE,
  mercatorX,
  mercatorY,
  type LiveFleetStore,
} from '../../shared/fleet/live-fleet-store';

const VERTEX = `#version 300 es
precision highp float;
uniform mat4 u_matrix;
uniform vec2 u_center_hi;
uniform vec2 u_center_lo;
uniform float u_size;
uniform float u_bearing;
uniform vec3 u_colors[8];
in vec4 a_pos;
in vec4 a_attr;
out vec3 v_color;
out float v_angle;
out float v_selected;
out vec3 v_ring;
void main() {
  float flags = a_attr.z;
  if (mod(flags, 2.0) >= 1.0) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    gl_PointSize = 0.0;
    return;
  }
  vec2 d = (a_pos.xy - u_center_hi) + (a_pos.zw - u_center_lo);
  gl_Position = u_matrix * vec4(d, 0.0, 1.0);
  v_selected = mod(floor(flags / 2.0), 2.0);
  gl_PointSize = u_size * (1.0 + 0.35 * v_selected);
  v_color = u_colors[int(clamp(a_attr.y, 0.0, 6.0))];
  // The eighth colour is the selected vehicle's ring (the theme's primary).
  v_ring = mix(vec3(1.0), u_colors[7], v_selected);
  // Heading known and moving: an arrow; otherwise a plain dot (angle < -10).
  v_angle = (a_attr.x >= 0.0 && a_attr.w != 0.0) ? radians(a_attr.x) - u_bearing : -100.0;
}`;

const FRAGMENT = `#version 300 es
precision highp float;
in vec3 v_color;
in float v_angle;
in float v_selected;
in vec3 v_ring;
out vec4 fragColor;
float edge(vec2 p, vec2 a, vec2 b) {
  vec2 n = normalize(vec2(b.y - a.y, a.x - b.x));
  return dot(p - a, n);
}
void main() {
  vec2 p = gl_PointCoord * 2.0 - 1.0;
  float d = length(p) - 0.55;
  if (v_angle > -10.0) {
    float c = cos(v_angle);
    float s = sin(v_angle);
    // Rotate so the heading points up (screen y grows downwards).
    vec2 q = vec2(c * p.x + s * p.y, -s * p.x + c * p.y);
    vec2 tip = vec2(0.0, -0.98);
    vec2 l = vec2(-0.52, -0.2);
    vec2 r = vec2(0.52, -0.2);
    float t = max(max(edge(q, tip, r), edge(q, r, l)), edge(q, l, tip));
    d = min(d, t);
  }
  float aa = fwidth(d) * 1.2;
  float outside = smoothstep(-aa, aa, d);
  float border = smoothstep(-0.16 - aa, -0.16 + aa, d);
  vec3 color = mix(v_color, v_ring, border);
  float alpha = 1.0 - outside;
  // A soft shadow around the shape for contrast on any basemap.
  float shadow = (1.0 - smoothstep(0.0, 0.25, d)) * 0.35 * outside;
  fragColor = vec4(color * alpha, alpha) + vec4(0.0, 0.0, 0.0, shadow);
}`;

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

function compile(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type);
  if (!shader) throw new Error('shader not created');
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) {
    throw new Error(gl.getShaderInfoLog(shader) ?? 'shader compile failed');
  }
  return shader;
}

/**
 * MapLibre custom layer drawing every vehicle from the store's typed array as one point sprite
 * (status colour, heading arrow): the buffer is updated in place with the changed slot range.
 */
export class VehicleLayer implements CustomLayerInterface {
  readonly id = 'rumbo-vehicles';
  readonly type = 'custom' as const;
  readonly renderingMode = '2d' as const;
  private gl: WebGL2RenderingContext | null = null;
  private program: WebGLProgram | null = null;
  private vao: WebGLVertexArrayObject | null = null;
  private buffer: WebGLBuffer | null = null;
  private bufferCapacity = 0;
  private colors = new Float32Array(24);
  private map: MapLibre | null = null;
  private uniforms: Record<string, WebGLUniformLocation | null> = {};
  private readonly matrix = new Float32Array(16);

  constructor(
    private readonly store: LiveFleetStore,
    colors: readonly string[],
    /** Marker size in CSS pixels. */
    private readonly size = 30,
  ) {
    this.setColors(colors);
  }

  /**
   * Colours per status code (hex, VEHICLE_STATUSES order: STATUS_COLORS of the theme), then the
   * selected vehicle's ring colour as the eighth.
   */
  setColors(colors: readonly string[]): void {
    colors.slice(0, 8).forEach((c, i) => this.colors.set(hexToRgb(c), i * 3));
    this.map?.triggerRepaint();
  }

  onAdd(map: MapLibre, gl: WebGLRenderingContext | WebGL2RenderingContext): void {
    this.map = map;
    const gl2 = gl as WebGL2RenderingContext;
    this.gl = gl2;
    const program = gl2.createProgram();
    gl2.attachShader(program, compile(gl2, gl2.VERTEX_SHADER, VERTEX));
    gl2.attachShader(program, compile(gl2, gl2.FRAGMENT_SHADER, FRAGMENT));
    gl2.linkProgram(program);
    if (!gl2.getProgramParameter(program, gl2.LINK_STATUS)) {
      throw new Error(gl2.getProgramInfoLog(program) ?? 'program link failed');
    }
    this.program = program;
    for (const name of ['u_matrix', 'u_center_hi', 'u_center_lo', 'u_size', 'u_bearing']) {
      this.uniforms[name] = gl2.getUniformLocation(program, name);
    }
    this.uniforms.u_colors = gl2.getUniformLocation(program, 'u_colors[0]');
    this.buffer = gl2.createBuffer();
    this.vao = gl2.createVertexArray();
    gl2.bindVertexArray(this.vao);
    gl2.bindBuffer(gl2.ARRAY_BUFFER, this.buffer);
    const pos = gl2.getAttribLocation(program, 'a_pos');
    const attr = gl2.getAttribLocation(program, 'a_attr');
    gl2.enableVertexAttribArray(pos);
    gl2.vertexAttribPointer(pos, 4, gl2.FLOAT, false, GL_STRIDE * 4, 0);
    gl2.enableVertexAttribArray(attr);
    gl2.vertexAttribPointer(attr, 4, gl2.FLOAT, false, GL_STRIDE * 4, 16);
    gl2.bindVertexArray(null);
    this.bufferCapacity = 0;
  }

  /** Sends the changed slots to the GPU (the whole array when it grew). */
  upload(): void {
    const gl = this.gl;
    if (!gl || !this.buffer) return;
    const store = this.store;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
    if (this.bufferCapacity !== store.capacity) {
      gl.bufferData(gl.ARRAY_BUFFER, store.gl, gl.DYNAMIC_DRAW);
      this.bufferCapacity = store.capacity;
      store.takeDirty();
      return;
    }
    const dirty = store.takeDirty();
    if (!dirty) return;
    gl.bufferSubData(
      gl.ARRAY_BUFFER,
      dirty.from * GL_STRIDE * 4,
      store.gl,
      dirty.from * GL_STRIDE,
      (dirty.to - dirty.from + 1) * GL_STRIDE,
    );
  }

  render(gl: WebGLRenderingContext | WebGL2RenderingContext, options: CustomRenderMethodInput) {
    const gl2 = gl as WebGL2RenderingContext;
    if (!this.program || !this.map || this.store.count === 0) return;
    this.upload();
    // The matrix moved to the map centre in double precision; positions are sent relative to it.
    const m = options.defaultProjectionData.mainMatrix;
    const center = this.map.getCenter();
    const cx = mercatorX(center.lng);
    const cy = mercatorY(center.lat);
    for (let i = 0; i < 12; i++) this.matrix[i] = m[i]!;
    for (let r = 0; r < 4; r++) this.matrix[12 + r] = m[r]! * cx + m[4 + r]! * cy + m[12 + r]!;
    const cxh = Math.fround(cx);
    const cyh = Math.fround(cy);
    gl2.useProgram(this.program);
    gl2.uniformMatrix4fv(this.uniforms.u_matrix ?? null, false, this.matrix);
    gl2.uniform2f(this.uniforms.u_center_hi ?? null, cxh, cyh);
    gl2.uniform2f(this.uniforms.u_center_lo ?? null, cx - cxh, cy - cyh);
    gl2.uniform1f(this.uniforms.u_size ?? null, this.size * window.devicePixelRatio);
    gl2.uniform1f(this.uniforms.u_bearing ?? null, (this.map.getBearing() * Math.PI) / 180);
    gl2.uniform3fv(this.uniforms.u_colors ?? null, this.colors);
    gl2.enable(gl2.BLEND);
    gl2.blendFunc(gl2.ONE, gl2.ONE_MINUS_SRC_ALPHA);
    gl2.bindVertexArray(this.vao);
    gl2.drawArrays(gl2.POINTS, 0, this.store.count);
    gl2.bindVertexArray(null);
  }

  onRemove(): void {
    const gl = this.gl;
    if (gl) {
      gl.deleteBuffer(this.buffer);
      gl.deleteVertexArray(this.vao);
      gl.deleteProgram(this.program);
    }
    this.gl = null;
    this.map = null;
    this.program = null;
  }
}
