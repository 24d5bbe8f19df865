import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { hasActiveContent } from './pdf-active-content';

/** A small PDF around `body` (objects written as they are). */
const pdf = (...parts: Array<string | Buffer>) =>
  Buffer.concat([
    Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n'),
    ...parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : part)),
    Buffer.from('\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  ]);

/** An object holding a stream with `dictionary` and `data`. */
const streamObject = (number: number, dictionary: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`${number} 0 obj\n<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n'),
  ]);

/** An object stream holding one dictionary, compressed. */
const objectStream = (
  inner: string,
  filter = '/FlateDecode',
  data = deflateSync(Buffer.from(`7 0 ${inner}`)),
) => streamObject(5, `/Type /ObjStm /N 1 /First 4 /Filter ${filter}`, data);

const script = '<< /S /JavaScript /JS (app.alert(1)) >>';

describe('hasActiveContent', () => {
  it('lets plain documents through: pages, a destination to open at, links, compressed pages and images', async () => {
    const page = deflateSync(Buffer.from('BT /F1 12 Tf 72 712 Td (Harusi ya Wanjiru) Tj ET'));
    const image = deflateSync(Buffer.from('/JavaScript /AA /Launch'.repeat(10)));
    for (const file of [
      pdf(),
      pdf('3 0 obj << /OpenAction [4 0 R /Fit] /PageMode /UseNone >> endobj'),
      pdf('4 0 obj << /Type /Annot /Subtype /Link /A << /S /URI /URI (https://sherehe.co.ke) >> >> endobj'),
      pdf('4 0 obj << /Metadata /JSON /Names /Dests >> endobj'),
      pdf(streamObject(6, '/Filter /FlateDecode', page)),
      pdf(streamObject(8, '/Type /XObject /Subtype /Image /Width 10 /Height 10 /Filter /FlateDecode', image)),
      pdf(objectStream('<< /Type /Page /Parent 2 0 R >>')),
    ])
      expect(await hasActiveContent(file), file.toString('latin1')).toBe(false);
  });

  it('refuses every kind of action and active part, also written with #xx escapes', async () => {
    for (const body of [
      `3 0 obj << /OpenAction ${script} >> endobj`,
      '3 0 obj << /OpenAction << /S /URI /URI (https://evil.example) >> >> endobj',
      '3 0 obj << /OpenAction 9 0 R >> endobj',
      '3 0 obj << /AA << /O 9 0 R >> >> endobj',
      '3 0 obj << /A << /S /SubmitForm /F (https://evil.example) >> >> endobj',
      '3 0 obj << /A << /S /GoToR /F (other.pdf) >> >> endobj',
      '3 0 obj << /A << /S /Launch /F (cmd.exe) >> >> endobj',
      '3 0 obj << /Names << /EmbeddedFiles 9 0 R >> >> endobj',
      '3 0 obj << /RichMedia 9 0 R >> endobj',
      '3 0 obj << /AcroForm << /XFA 9 0 R >> >> endobj',
      '3 0 obj << /A << /S /J#61vaScript /J#53 (app.alert(1)) >> >> endobj',
      '3 0 obj << /Open#41ction << /S /URI /URI (https://evil.example) >> >> endobj',
    ])
      expect(await hasActiveContent(pdf(body)), body).toBe(true);
  });

  it('finds them inside compressed object streams, whatever the filters and however the dictionary is padded', async () => {
    const inner = Buffer.from(`7 0 ${script}`);
    for (const file of [
      pdf(objectStream(script)),
      pdf(objectStream('<< /OpenAction << /S /URI /URI (https://evil.example) >> >>')),
      pdf(objectStream(script, '/Fl#61teDecode')),
      pdf(
        objectStream(
          script,
          '[/ASCIIHexDecode /FlateDecode]',
          Buffer.from(`${deflateSync(inner).toString('hex')}>`),
        ),
      ),
      pdf(
        streamObject(
          5,
          `/Type /ObjStm /N 1 /First 4 ${' '.repeat(6000)} /Filter /FlateDecode`,
          deflateSync(inner),
        ),
      ),
      // A page's content stream, compressed, that carries an action's dictionary.
      pdf(streamObject(6, '/Filter /FlateDecode', deflateSync(Buffer.from(`q Q ${script}`)))),
      // Cut off before its end: a viewer reads what inflates, and so does the check.
      pdf(objectStream(script, '/FlateDecode', deflateSync(inner).subarray(0, -6))),
    ])
      expect(await hasActiveContent(file)).toBe(true);
  });

  it('refuses an object stream it cannot read, and a file that inflates beyond its bound', async () => {
    for (const file of [
      pdf(objectStream(script, '/LZWDecode', Buffer.from('not lzw at all'))),
      pdf(objectStream(script, '/FlateDecode', Buffer.from('not deflate data'))),
      pdf(
        streamObject(
          5,
          '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 5 >>',
          deflateSync(Buffer.from('x')),
        ),
      ),
      pdf(streamObject(6, '/Filter /FlateDecode', deflateSync(Buffer.alloc(40 * 1024 * 1024)))),
    ])
      expect(await hasActiveContent(file)).toBe(true);
  });
});
