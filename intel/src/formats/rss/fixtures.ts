/**
 * Feeds written here for the tests, in the shapes the specs give (RSS 2.0:
 * https://www.rssboard.org/rss-specification; Atom 1.0: RFC 4287) and the publishers use (CISA's
 * advisories feed is RSS 2.0 with HTML descriptions; vendor blogs are often Atom). Not copies.
 */
export const RSS_ADVISORIES = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>Cybersecurity Advisories</title>
    <link>https://advisories.example.gov/</link>
    <description>Advisories</description>
    <item>
      <title>Threat actors exploit CVE-2024-3400 in edge devices</title>
      <link>https://advisories.example.gov/news/aa24-001</link>
      <guid isPermaLink="false">aa24-001</guid>
      <pubDate>Tue, 16 Apr 2024 12:00:00 GMT</pubDate>
      <category>Alert</category>
      <description><![CDATA[<p>Actors used <b>T1190</b> and T1059.001 against CVE-2024-3400.</p>
<p>C2 at hxxp://update-check[.]badcdn[.]net/gate.php and 203.0.113.77; payload
sha256 2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae.</p>
<p>See <a href="https://partner.example.org/report">the partner report</a> and https://advisories.example.gov/help.</p>
<img src=x onerror="alert(1)"><script>document.location='https://evil.example.net/'</script>]]></description>
    </item>
    <item>
      <title>Second advisory, no indicators</title>
      <link>https://advisories.example.gov/news/aa24-002</link>
      <guid isPermaLink="false">aa24-002</guid>
      <pubDate>Wed, 17 Apr 2024 09:30:00 -0400</pubDate>
      <description>Patch your servers.</description>
    </item>
    <item>
      <title>A broken item</title>
      <link>https://advisories.example.gov/news/aa24-003</link>
      <pubDate>yesterday-ish</pubDate>
    </item>
    <item>
      <title>Fourth: 198.51.100.23 scanning</title>
      <link>https://advisories.example.gov/news/aa24-004</link>
      <guid isPermaLink="false">aa24-004</guid>
      <pubDate>Thu, 18 Apr 2024 08:00:00 GMT</pubDate>
    </item>
  </channel>
</rss>
`;

export const ATOM_BLOG = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Vendor Threat Research</title>
  <link href="https://research.example.com/"/>
  <link rel="self" href="https://research.example.com/feed.atom"/>
  <id>urn:uuid:60a76c80-d399-11d9-b93c-0003939e0af6</id>
  <updated>2024-05-02T10:00:00Z</updated>
  <entry>
    <title type="html">New loader &lt;i&gt;ShadowPad&lt;/i&gt; variant</title>
    <link rel="alternate" href="https://research.example.com/2024/05/shadowpad"/>
    <link rel="enclosure" href="https://research.example.com/iocs.csv"/>
    <id>tag:research.example.com,2024:shadowpad</id>
    <published>2024-05-01T08:00:00Z</published>
    <updated>2024-05-02T10:00:00+02:00</updated>
    <category term="malware"/>
    <summary type="html">&lt;p&gt;Beacons to c2.shadow-example[.]org over T1071.001; mail from ops@shadow-example[.]org.&lt;/p&gt;</summary>
  </entry>
</feed>
`;

/** Billion laughs (entity expansion): a few hundred bytes that would expand to gigabytes. */
export const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE rss [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<rss version="2.0"><channel><title>x</title><item><title>&lol9;</title><link>https://a.example/1</link></item></channel></rss>
`;

/** XXE: an external entity naming a local file and a URL. */
export const XXE = (target: string) => `<?xml version="1.0"?>
<!DOCTYPE rss [ <!ENTITY secret SYSTEM "${target}"> ]>
<rss version="2.0"><channel><title>x</title><item><title>&secret;</title><link>https://a.example/1</link></item></channel></rss>
`;
