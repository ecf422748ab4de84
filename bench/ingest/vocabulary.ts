/**
 * What the synthetic ThreatFox rows are made of. Shares and names come from the real feed,
 * /work/shared/data/abusech/threatfox-recent-2026-07-24.json (4,488 IOCs, counted once on
 * 2026-11-24), unless a comment says otherwise, so the importer sees the real feed's proportions.
 * The tables are text so they stay one entry per line whatever the formatter does with arrays.
 */

export type IocType = 'ip:port' | 'domain' | 'url' | 'md5_hash' | 'sha1_hash' | 'sha256_hash';
export type Table<T> = (readonly [T, number])[];

/** "name weight, name weight, …" → [name, weight] pairs. */
function pairs(text: string): Table<string> {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      const at = item.lastIndexOf(' ');
      return [item.slice(0, at), Number(item.slice(at + 1))] as const;
    });
}

const numeric = (table: Table<string>): Table<number> => table.map(([key, n]) => [Number(key), n] as const);

/** ioc_type counts in that file: 2,412 ip:port, 1,207 domain, 408 url, 169 sha256, 146 sha1, 146 md5. */
export const TYPE_MIX = pairs(
  'ip:port 2412, domain 1207, url 408, sha256_hash 169, sha1_hash 146, md5_hash 146',
) as Table<IocType>;

/** threat_type per ioc_type, as counted in the same file. */
export const THREAT_TYPES: Record<IocType, Table<string>> = {
  'ip:port': pairs('botnet_cc 2402, payload_delivery 10'),
  domain: pairs('botnet_cc 827, payload_delivery 370, cc_skimming 10'),
  url: pairs('payload_delivery 285, botnet_cc 123'),
  md5_hash: pairs('payload 1'),
  sha1_hash: pairs('payload 1'),
  sha256_hash: pairs('payload 1'),
};

/** Where a family shows up in the feed: C2 addresses and hosts, download URLs, or samples. */
type Seen = 'net' | 'url' | 'file';

export interface Family {
  printable: string;
  malpedia: string;
  alias: string | null;
  weight: number;
  seen: Seen[];
  /** Tag strings as reporters submit them (comma-separated); null is "no tags". */
  tags: (string | null)[];
}

/**
 * printable | Malpedia id | aliases | weight | seen on | tag strings (" ; " between them); "-" is
 * null. The first 44 are the file's most reported families (weight = their IOC count, tags as
 * reported); after the blank line, long-lived families an analyst expects, at weights of our choosing.
 */
const FAMILY_TABLE = `
Cobalt Strike | win.cobalt_strike | Agentemis,BEACON,CobaltStrike,cobeacon | 1398 | net | CobaltStrike,threatview-io ; CobaltStrike,drb-ra ; cobaltstrike ; CobaltStrike,cs-watermark-987654321
Unknown malware | unknown | - | 386 | net,url | ClickFix ; drb-ra,Mythic ; viper ; -
ClearFake | js.clearfake | - | 362 | net | ClearFake,ClickFix,EtherHiding ; ClearFake ; ClearFake,win-0x0cd5,windows
AsyncRAT | win.asyncrat | - | 299 | net,file | AsyncRAT,drb-ra,RAT ; asyncrat ; AsyncRAT,RAT
Remcos | win.remcos | RemcosRAT,Remvio,Socmer | 286 | net | drb-ra,RAT,RemcosRAT ; AS214351,C2,censys,FEMOIT,RAT,Remcos ; remcos
AdaptixC2 | win.adaptix_c2 | - | 228 | net | AdaptixC2,drb-ra ; adaptix ; AdaptixC2,ALIBABA-CN-NET,AS37963,C2,censys
Vidar | win.vidar | - | 164 | net,url,file | vidar ; - ; Vidar
Mozi | elf.mozi | - | 128 | url | elf,iot,Mozi
Kuiper | elf.kuiper | - | 105 | file | -
DCRat | win.dcrat | DarkCrystal RAT | 104 | net,file | DCRat,drb-ra,RAT ; dcrat ; -
Havoc | win.havoc | Havokiz | 72 | net | drb-ra,Havoc ; havoc ; AS16276,C2,censys,Havoc,OVH
Evilginx | elf.evilginx | - | 69 | net | drb-ra,Evilginx,EvilGoPhish
IClickFix | js.iclickfix | - | 54 | net | ClickFix,victim,wordpress ; -
Venus Stealer | py.venus_stealer | - | 51 | file | -
Mirai | elf.mirai | Katana | 43 | net,file | elf,iot ; drb-ra,Mirai ; docker-api,honeypot
RansomHub | win.ransomhub | - | 38 | net | drb-ra,RansomHub ; AS202015,backdoor,C2,censys,HZ-US-AS,Ransomhub
Sliver | win.sliver | - | 36 | net | drb-ra,Sliver ; c2,shodan,sliver ; AS4837,C2,censys
Formbook | win.formbook | win.xloader | 36 | file | -
Latrodectus | win.latrodectus | BLACKWIDOW,IceNova,Latrodectus,Lotus | 32 | net,url | ClickFix,Latrodectus,victim ; - ; c2,Latrodectus
NetSupportManager RAT | win.netsupportmanager_rat | NetSupport | 30 | net | drb-ra,NetSupport,RAT ; NetSupportRAT,TELEFONICA_DE_ESPANA
Tsundere | js.tsundere | DinDoor | 30 | net | DinDoor,drb-ra
DeimosC2 | win.deimos_c2 | - | 28 | net | Deimos,drb-ra
VShell | win.vshell | - | 28 | net | vshell ; C2,NVISO,VShell
Aisuru | elf.aisuru | - | 28 | net | Aisuru,c2
KongTuke | js.kongtuke | TAG-124,js.LandUpdate808 | 28 | net,url | KongTuke
Agent Tesla | win.agent_tesla | AgenTesla,AgentTesla,Negasteal | 27 | file | -
ValleyRAT | win.valley_rat | Winos | 20 | file | - ; RAT,ValleyRAT ; valleyrat_s2
Chaos | win.chaos | FakeRyuk,RyukJoke,Yashma | 19 | net | CHAOS,drb-ra ; AS48282,censys,Chaos,panel,VDSINA-AS
pupy | win.pupy | Patpoopy | 18 | net | drb-ra,PupyRAT,RAT ; Pupy RAT,XNNET
BianLian | win.bianlian | - | 18 | net | Bianlian,drb-ra
SmartApeSG | js.smartapesg | HANEYMANEY,ZPHP | 18 | net,url | SmartApeSG
Eye Pyramid | win.eye_pyramid | - | 15 | net | drb-ra,EyePyramid
Coinminer | win.coinminer | - | 15 | file | -
ACR Stealer | win.acr_stealer | - | 15 | file | -
Overlord RAT | win.overlord | - | 13 | net,file | Overlord,ViriBack ; -
DanaBot | win.danabot | DanaTools | 12 | net | DanBot,drb-ra
Brute Ratel C4 | win.brute_ratel_c4 | BOLDBADGER,BruteRatel | 10 | net | BruteRatel,drb-ra ; Brute Ratel C4,DIGITALOCEAN-ASN
Kimwolf | apk.kimwolf | - | 10 | net | c2,Kimwolf
TonRAT | js.tonrat | TONResolver | 10 | net | -
magecart | js.magecart | - | 10 | net | Magecart
GUIDLOADER | win.guidloader | - | 9 | file | -
WannaCryptor | win.wannacryptor | Wana Decrypt0r,WannaCry,WannaCrypt,Wcry | 9 | file | -
Creal Stealer | py.creal_stealer | - | 9 | file | -
Amadey | win.amadey | - | 7 | net,url,file | Amadey,ViriBack ; -

Emotet | win.emotet | Geodo,Heodo | 8 | net,url,file | emotet,epoch5,heodo ; -
QakBot | win.qakbot | Oakboat,Pinkslipbot,Qbot,Quakbot | 8 | net,url,file | Qakbot,qbot ; -
IcedID | win.icedid | BokBot,IceID | 6 | net,file | IcedID,BokBot ; -
Lumma Stealer | win.lumma | LummaC2 Stealer | 8 | net,url,file | LummaStealer ; -
RedLine Stealer | win.redline_stealer | - | 6 | net,file | RedLineStealer ; -
Raccoon | win.raccoon | Racealer,Racoon | 4 | net,file | RaccoonStealer ; -
DarkGate | win.darkgate | MehCrypter | 5 | net,url,file | DarkGate ; -
SocGholish | js.fakeupdates | FakeUpdates | 5 | net,url | FakeUpdates,SocGholish
`;

const orNull = (text: string): string | null => (text === '-' ? null : text);

export const FAMILIES: readonly Family[] = FAMILY_TABLE.split('\n')
  .filter((line) => line.includes(' | '))
  .map((line) => {
    const [printable, malpedia, alias, weight, seen, tags] = line.split(' | ').map((s) => s.trim());
    return {
      printable: printable!,
      malpedia: malpedia!,
      alias: orNull(alias!),
      weight: Number(weight),
      seen: seen!.split(',') as Seen[],
      tags: tags!.split(' ; ').map(orNull),
    };
  });

/** The families each ioc_type can carry, with their weights. */
export function familiesFor(type: IocType): Table<Family> {
  const seen: Seen = type === 'url' ? 'url' : type.endsWith('_hash') ? 'file' : 'net';
  return FAMILIES.filter((family) => family.seen.includes(seen)).map((family) => [family, family.weight]);
}

/** The file's 20 most active reporters ('anonymous' goes with anonymous = 1). */
export const REPORTERS = pairs(`
  abuse_ch 2178, anonymous 518, Grim 438, drb_ra 251, DonPasci 189, HoneyLabs 152, CarsonWilliams 101,
  threatcat_ch 99, varysz 91, crep1x 79, Bitsight 53, monitorsg 48, dyingbreeds_ 41, BlackLotusLabs 31,
  juroots 30, Gi7w0rm 24, thehappydinoa 20, _ik_ 19, sojubear 15, greedybear 14`);

/** confidence_level values and their counts in the file (50–100 but for two 49s, left out). */
export const CONFIDENCE = numeric(pairs('50 129, 75 2178, 80 25, 85 1, 90 205, 95 438, 100 1512'));

/** Domain TLDs and their counts in the file, its 34 most common (br and au as com.br and com.au). */
export const TLDS = pairs(`
  com 767, org 49, top 43, garden 41, net 36, bet 22, xyz 17, info 16, online 15, icu 13, site 12,
  pro 10, cc 8, com.br 8, space 7, click 7, cloud 6, com.au 5, tech 5, link 5, live 4, lol 4, it 4,
  nl 3, shop 3, digital 3, lu 3, co 3, beer 3, pl 3, life 2, world 2, io 2, club 2`);

/**
 * The file's 45 most common first octets of ip:port IOCs, but 192 and 198 (a random rest could
 * land in 192.168/16 or 198.18/15) swapped for 176 and 188 (other hosting ranges).
 */
export const FIRST_OCTETS: readonly number[] = [
  45, 185, 47, 103, 8, 43, 176, 5, 104, 107, 117, 154, 209, 23, 64, 38, 178, 157, 188, 82, 155, 115, 156, 91,
  101, 20, 89, 147, 216, 31, 62, 193, 217, 2, 102, 46, 118, 106, 124, 137, 139, 159, 167, 94, 212,
];

/** The file's 24 most common C2 ports; port 0 stands for the other 28 %, spread over 1024–65535. */
export const PORTS = numeric(
  pairs(`
  443 512, 80 160, 7443 114, 4321 89, 8080 67, 8443 47, 8848 41, 6606 39, 7707 38, 8808 37, 53 28,
  8000 25, 9000 24, 22 21, 9999 21, 18443 19, 4506 16, 2404 14, 3333 14, 12159 14, 8888 13, 4444 12,
  8001 12, 8084 12, 0 1278`),
);
