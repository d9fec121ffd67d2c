import { describe, expect, it } from 'vitest';
import { sanitizeHeading } from '../../src/security/sanitize';

describe('sanitizeHeading', () => {
  it('keeps simple formatting and https links', () => {
    expect(sanitizeHeading('<strong>Cedar Valley</strong> accepts payments online.')).toBe(
      '<strong>Cedar Valley</strong> accepts payments online.',
    );
    expect(sanitizeHeading('<p>Pay <em>today</em><br/>or <a href="https://cedar.example/help">call us</a></p>')).toBe(
      '<p>Pay <em>today</em><br>or <a href="https://cedar.example/help" rel="nofollow noopener noreferrer">call us</a></p>',
    );
  });

  it.each([
    ['<script>alert(1)</script>Hello', 'Hello'],
    ['<img src=x onerror=alert(1)>Hi', 'Hi'],
    ['<a href="javascript:alert(1)">x</a>', 'x'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', 'x'],
    ['<a href=" javascript:alert(1)">x</a>', 'x'],
    ['<a href="http://plain.example">x</a>', 'x'],
    ['<a href="https://u:p@evil.example">x</a>', 'x'],
    ['<iframe src="https://evil.example"></iframe>After', 'After'],
    ['<svg onload=alert(1)><circle/></svg>After', 'After'],
    ['<b onclick="alert(1)">bold</b>', '<b>bold</b>'],
    ['<style>body{display:none}</style>Shown', 'Shown'],
    ['<!-- <script>x</script> -->Visible', 'Visible'],
    ['<scr<script>ipt>alert(1)</script>', '&lt;scr'],
    ['1 < 2 & 3 > 2', '1 &lt; 2 &amp; 3 &gt; 2'],
    ['<strong>unclosed', '<strong>unclosed</strong>'],
    ['</strong>stray', 'stray'],
    ['<div style="x">block</div>', 'block'],
    ['"quoted" text', '&quot;quoted&quot; text'],
  ])('%j becomes %j', (input, output) => {
    expect(sanitizeHeading(input)).toBe(output);
  });

  it('never lets an event handler, script or javascript URL through', () => {
    const hostile =
      '<svg/onload=alert(1)><img src=x onerror=alert(2)><a href="javascript:alert(3)" onmouseover=alert(4)>x</a><iframe srcdoc="<script>alert(5)</script>"></iframe><script>alert(6)</script>';
    const clean = sanitizeHeading(hostile);
    expect(clean).not.toMatch(/<script|<iframe|<svg|<img|onerror|onload|onmouseover|javascript:/i);
  });
});
